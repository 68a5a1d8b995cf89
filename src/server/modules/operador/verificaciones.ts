import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { OPERADOR_MESSAGES } from '../../../contract/operador';
import {
  TIPO_DOCUMENTO_KYB_LABELS,
  VERIFICACION_MESSAGES,
  type DocumentoKybVista,
  type EnviarVerificacionInput,
  type MiVerificacion,
  type ResolverVerificacionInput,
} from '../../../contract/verificacion';
import type { UserRow } from '../../auth/guards';
import { DAY } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { imagenes } from '../../db/schema/imagenes';
import { verificacionesProductor, type DocumentoKyb } from '../../db/schema/operador';
import { productorPerfiles, users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { urlForKey } from '../../storage/index';
import { productorChanged } from '../lotes';
import { notify } from '../notificaciones';
import { setProductorVerificado } from '../users';
import { auditar } from '../auditoria';
import { PAGINAS } from '../../../contract/paginas';

/*
 * The producer's organisation check, KYB (issue 28, docs/decisions/052). The producer sends his legal name, tax id
 * and PDFs he uploaded (private files: their addresses leave the server signed, and only in answers to him or to an
 * operator); an operator approves or rejects with a reason, in one transaction with its audit row and the
 * producer's notification. Only an approval sets `productor_verificado_at`, which is what the public badge reads.
 */

type VerificacionRow = typeof verificacionesProductor.$inferSelect;

const documentosVista = (docs: DocumentoKyb[]): DocumentoKybVista[] =>
  docs.map((d) => ({
    tipo: d.tipo,
    nombre: d.nombre ?? `${TIPO_DOCUMENTO_KYB_LABELS[d.tipo]}.pdf`,
    url: urlForKey(d.key),
    bytes: d.bytes ?? 0,
  }));

const solicitudVista = (r: VerificacionRow) => ({
  id: r.id,
  estado: r.estado,
  razonSocial: r.razonSocial,
  identificacionFiscal: r.identificacionFiscal,
  documentos: documentosVista(r.documentos),
  motivo: r.motivo,
  createdAt: r.createdAt.toISOString(),
  resueltaAt: r.resueltaAt ? r.resueltaAt.toISOString() : null,
  retiradaAt: r.retiradaAt ? r.retiradaAt.toISOString() : null,
  motivoRetirada: r.motivoRetirada,
});

async function ultimaSolicitud(db: DbOrTx, productorId: string) {
  const [r] = await db
    .select()
    .from(verificacionesProductor)
    .where(eq(verificacionesProductor.productorId, productorId))
    .orderBy(desc(verificacionesProductor.createdAt))
    .limit(1);
  return r;
}

/** GET /api/productor/verificacion: the producer's latest request and whether he carries the badge. */
export async function miVerificacion(db: DbOrTx, user: UserRow): Promise<MiVerificacion> {
  const r = await ultimaSolicitud(db, user.id);
  const verificadoAt = user.productorVerificadoAt ? user.productorVerificadoAt.toISOString() : null;
  return {
    estado: verificadoAt ? 'APROBADA' : (r?.estado ?? 'SIN_ENVIAR'),
    verificadoAt,
    sugerencia: {
      razonSocial: user.informacionComercial?.razonSocial ?? '',
      identificacionFiscal: user.informacionComercial?.taxId ?? '',
    },
    solicitud: r ? solicitudVista(r) : null,
  };
}

/**
 * POST /api/productor/verificacion. One request in review at a time (the account row is locked, so two sends at
 * once: one 201, one 409); after a rejection the producer sends a new one, and the rejected one stays on record.
 */
export async function enviarVerificacion(db: Db, user: UserRow, input: EnviarVerificacionInput, now: Date) {
  if (user.tipoUser !== 'PRODUCTOR') throw forbidden('FORBIDDEN', VERIFICACION_MESSAGES.SOLO_PRODUCTOR);
  return db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, user.id)).for('update').limit(1);
    if (!u) throw notFound('NOT_FOUND', VERIFICACION_MESSAGES.NOT_FOUND);
    if (u.productorVerificadoAt) throw conflict('CONFLICT', VERIFICACION_MESSAGES.YA_VERIFICADO);
    const previa = await ultimaSolicitud(tx, user.id);
    if (previa?.estado === 'ENVIADA') throw conflict('CONFLICT', VERIFICACION_MESSAGES.YA_ENVIADA);
    const ids = input.documentos.map((d) => d.documentoId);
    const propios = ids.length
      ? await tx
          .select()
          .from(imagenes)
          .where(and(inArray(imagenes.id, ids), eq(imagenes.ownerId, user.id)))
      : [];
    const documentos: DocumentoKyb[] = input.documentos.map((d) => {
      const row = propios.find((p) => p.id === d.documentoId);
      // Only the caller's own PDFs, which are private files from the start (src/server/modules/uploads).
      if (!row?.urls.pdf) {
        throw badRequest('VALIDATION_ERROR', VERIFICACION_MESSAGES.DOCUMENTO_AJENO, {
          documentos: VERIFICACION_MESSAGES.DOCUMENTO_AJENO,
        });
      }
      return { tipo: d.tipo, key: row.key, nombre: row.urls.nombre ?? 'documento.pdf', bytes: row.bytes };
    });
    const [row] = await tx
      .insert(verificacionesProductor)
      .values({
        productorId: user.id,
        estado: 'ENVIADA',
        razonSocial: input.razonSocial.trim(),
        identificacionFiscal: input.identificacionFiscal.trim(),
        documentos,
        createdAt: now,
      })
      .returning();
    return miVerificacion(tx, { ...u, productorVerificadoAt: null }).then((v) => ({
      ...v,
      solicitud: solicitudVista(row),
    }));
  });
}

// ------------------------------------------------------------------------------------------------ operator

/** The operator's queue: requests in review, oldest first (or the resolved ones, newest first). */
export async function listVerificaciones(db: Db, estado: 'ENVIADA' | 'RESUELTAS', now: Date) {
  const rows = await db
    .select({
      v: verificacionesProductor,
      email: users.email,
      finca: productorPerfiles.nombre,
      pais: productorPerfiles.pais,
    })
    .from(verificacionesProductor)
    .innerJoin(users, eq(users.id, verificacionesProductor.productorId))
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, verificacionesProductor.productorId))
    .where(
      estado === 'ENVIADA'
        ? eq(verificacionesProductor.estado, 'ENVIADA')
        : inArray(verificacionesProductor.estado, ['APROBADA', 'RECHAZADA', 'RETIRADA']),
    )
    .orderBy(estado === 'ENVIADA' ? asc(verificacionesProductor.createdAt) : desc(verificacionesProductor.resueltaAt))
    .limit(200);
  return rows.map(({ v, email, finca, pais }) => ({
    id: v.id,
    productorId: v.productorId,
    email,
    productor: finca ?? email,
    pais: pais ?? null,
    razonSocial: v.razonSocial,
    estado: v.estado,
    createdAt: v.createdAt.toISOString(),
    diasEsperando: Math.max(0, Math.floor((now.getTime() - v.createdAt.getTime()) / DAY)),
  }));
}

/** One request with its documents (signed links on the way out) and the producer's earlier requests. */
export async function detalleVerificacion(db: Db, id: string) {
  const [r] = await db.select().from(verificacionesProductor).where(eq(verificacionesProductor.id, id)).limit(1);
  if (!r) throw notFound('NOT_FOUND', VERIFICACION_MESSAGES.NOT_FOUND);
  const [p] = await db
    .select({
      email: users.email,
      finca: productorPerfiles.nombre,
      pais: productorPerfiles.pais,
      region: productorPerfiles.region,
      informacionComercial: users.informacionComercial,
    })
    .from(users)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, users.id))
    .where(eq(users.id, r.productorId))
    .limit(1);
  const anteriores = await db
    .select()
    .from(verificacionesProductor)
    .where(eq(verificacionesProductor.productorId, r.productorId))
    .orderBy(desc(verificacionesProductor.createdAt));
  return {
    ...solicitudVista(r),
    productorId: r.productorId,
    productor: {
      email: p?.email ?? '',
      nombre: p?.finca ?? null,
      pais: p?.pais ?? null,
      region: p?.region ?? null,
      // What the producer declared for his invoices: the operator compares it with the documents.
      razonSocialFacturacion: p?.informacionComercial?.razonSocial ?? null,
      taxIdFacturacion: p?.informacionComercial?.taxId ?? null,
    },
    anteriores: anteriores
      .filter((a) => a.id !== r.id)
      .map((a) => ({
        id: a.id,
        estado: a.estado,
        motivo: a.motivo,
        createdAt: a.createdAt.toISOString(),
      })),
  };
}

/**
 * Approves or rejects a request in review: `UPDATE … where estado = 'ENVIADA'` makes two operators' decisions one
 * 200 and one 409. An approval sets the badge (and the producer's lots are read again by the catalogue); either
 * way the producer is told, with the operator's reason, and the audit row is written in the same transaction.
 */
export async function resolverVerificacion(
  db: Db,
  operador: UserRow,
  id: string,
  input: ResolverVerificacionInput,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(verificacionesProductor).where(eq(verificacionesProductor.id, id)).limit(1);
    if (!r) throw notFound('NOT_FOUND', VERIFICACION_MESSAGES.NOT_FOUND);
    const estado = input.resolucion === 'APROBAR' ? 'APROBADA' : 'RECHAZADA';
    const [won] = await tx
      .update(verificacionesProductor)
      .set({ estado, motivo: input.motivo, resueltaPor: operador.id, resueltaAt: now })
      .where(and(eq(verificacionesProductor.id, id), eq(verificacionesProductor.estado, 'ENVIADA')))
      .returning({ id: verificacionesProductor.id });
    if (!won) throw conflict('CONFLICT', OPERADOR_MESSAGES.VERIFICACION_YA_RESUELTA);
    if (estado === 'APROBADA') {
      await setProductorVerificado(tx, r.productorId, now, now);
      await productorChanged(tx, r.productorId);
    }
    await notify(tx, {
      userId: r.productorId,
      tipo: 'VERIFICACION_PRODUCTOR',
      resultado: estado === 'APROBADA' ? 'aprobada' : 'rechazada',
      detalle:
        estado === 'APROBADA'
          ? `El equipo de Cereza ha revisado los documentos de ${r.razonSocial}: tus lotes y tu perfil muestran ya la insignia «Productor verificado». ${input.motivo}`
          : `El equipo de Cereza no ha podido verificar ${r.razonSocial}: ${input.motivo} Puedes corregirlo y enviar una nueva solicitud desde Mi cuenta.`,
      enlace: PAGINAS.productor.verificacion,
    });
    await auditar(
      tx,
      operador,
      {
        accion: estado === 'APROBADA' ? 'VERIFICACION_APROBAR' : 'VERIFICACION_RECHAZAR',
        entidad: 'verificacion',
        entidadId: id,
        motivo: input.motivo,
        antes: { estado: 'ENVIADA', productorId: r.productorId, razonSocial: r.razonSocial },
        despues: { estado, productorVerificado: estado === 'APROBADA' },
      },
      now,
    );
    return { estado };
  });
}

/**
 * Withdraws the "Productor verificado" badge (issue 28): the documents no longer hold (a closed company, a forged
 * certificate found later). The account row is locked, so two operators at once: one 200, one 409. The producer's
 * approved request moves APROBADA → RETIRADA with the reason (its approval and its reason stay on the row), the
 * catalogue reads his lots again, he is told why, and the audit row (on the account, so its history lists it) is
 * written in the same transaction. He may send a new request afterwards.
 */
export async function retirarVerificacion(db: Db, operador: UserRow, productorId: string, motivo: string, now: Date) {
  return db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, productorId)).for('update').limit(1);
    if (!u) throw notFound('NOT_FOUND', 'Cuenta no encontrada.');
    if (!u.productorVerificadoAt) throw conflict('CONFLICT', OPERADOR_MESSAGES.NO_VERIFICADO);
    await setProductorVerificado(tx, productorId, null, now);
    const aprobada = await tx
      .select({ id: verificacionesProductor.id, razonSocial: verificacionesProductor.razonSocial })
      .from(verificacionesProductor)
      .where(and(eq(verificacionesProductor.productorId, productorId), eq(verificacionesProductor.estado, 'APROBADA')))
      .orderBy(desc(verificacionesProductor.resueltaAt))
      .limit(1);
    if (aprobada[0]) {
      await tx
        .update(verificacionesProductor)
        .set({ estado: 'RETIRADA', retiradaAt: now, retiradaPor: operador.id, motivoRetirada: motivo })
        .where(eq(verificacionesProductor.id, aprobada[0].id));
    }
    await productorChanged(tx, productorId);
    const organizacion = aprobada[0]?.razonSocial ?? u.informacionComercial?.razonSocial ?? 'tu organización';
    await notify(tx, {
      userId: productorId,
      tipo: 'VERIFICACION_PRODUCTOR',
      resultado: 'insignia retirada',
      detalle: `El equipo de Cereza ha retirado la insignia «Productor verificado» de ${organizacion}: ${motivo} Tus lotes siguen publicados. Puedes enviar documentos actualizados en una nueva solicitud desde tu panel, en Verificación.`,
      enlace: PAGINAS.productor.verificacion,
    });
    await auditar(
      tx,
      operador,
      {
        accion: 'VERIFICACION_RETIRAR',
        entidad: 'cuenta',
        entidadId: productorId,
        motivo,
        antes: {
          productorVerificado: true,
          verificadoAt: u.productorVerificadoAt.toISOString(),
          solicitudId: aprobada[0]?.id ?? null,
        },
        despues: { productorVerificado: false, estadoSolicitud: aprobada[0] ? 'RETIRADA' : null },
      },
      now,
    );
  });
}
