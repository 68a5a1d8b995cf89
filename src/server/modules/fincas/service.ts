import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import {
  FINCA_MESSAGES,
  type Finca,
  type FincaParsed,
  type GeometriaParcela,
  type ImportResult,
} from '../../../contract/fincas';
import { PAIS_NAMES } from '../../../contract/lotes-codes';
import { IMPORT_MESSAGES, type FilaImportada, type ImportFormato } from '../../../contract/parcelas-import';
import type { FilaLeida } from './import-parcelas';
import { PARCELA_FALTA, PARCELA_MESSAGES, type HallazgoParcela } from '../../../contract/parcelas-codes';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { fincaEvidencias, fincas, loteFincas } from '../../db/schema/abastecimiento';
import { imagenes } from '../../db/schema/imagenes';
import { lotes } from '../../db/schema/lotes';
import { pedidos } from '../../db/schema/pedidos';
import { productorPerfiles } from '../../db/schema/users';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { rowOr404 } from '../../lib/own-row';
import { isOperador, type UserRow } from '../../auth/guards';
import { PRIVATE_PREFIX, PRIVATE_URL_PREFIX, urlForKey } from '../../storage/index';
import { IndiceParcelas, juzgarParcela } from './geometria';
import { recomputeEudr, recomputeEudrOfFincas } from '../lotes';

type FincaRow = typeof fincas.$inferSelect;

/** What keeps a saved farm from counting as an EUDR plot (empty when it counts). */
export function faltasDe(f: FincaRow): string[] {
  const out: string[] = [];
  if (!f.ubicacion) out.push(PARCELA_FALTA.SIN_UBICACION);
  if (!f.pais) out.push(PARCELA_FALTA.SIN_PAIS);
  if (f.hectareas == null) out.push(PARCELA_FALTA.SIN_HECTAREAS);
  if (f.ubicacion && f.pais && f.hectareas != null && !f.eudrComprobadaAt) out.push(PARCELA_FALTA.SIN_COMPROBAR);
  return out;
}

export function toFinca(f: FincaRow): Finca {
  return {
    id: f.id,
    nombre: f.nombre,
    productorNombre: f.productorNombre,
    region: f.region,
    municipio: f.municipio,
    altitud: f.altitud,
    hectareas: f.hectareas,
    variedades: f.variedades,
    certificaciones: f.certificaciones,
    ubicacion: f.ubicacion ?? null,
    foto: f.foto,
    propia: f.propia,
    pais: f.pais,
    eudr: {
      valida: f.eudrValida,
      faltas: faltasDe(f),
      avisos: f.eudrAvisos,
      areaCalculadaHa: f.areaCalculadaHa == null ? null : Math.round(f.areaCalculadaHa * 10_000) / 10_000,
    },
  };
}

const values = (input: FincaParsed) => ({
  nombre: input.nombre,
  productorNombre: input.productorNombre,
  region: input.region,
  municipio: input.municipio,
  altitud: input.altitud ?? null,
  hectareas: input.hectareas ?? null,
  variedades: input.variedades,
  certificaciones: input.certificaciones,
  ubicacion: input.ubicacion ?? null,
  foto: input.foto ?? null,
});

async function tipoProductor(db: DbOrTx, userId: string) {
  const [p] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, userId)).limit(1);
  return p;
}

/** A refusal of the plot rules: 400, every error in the message and by field. */
export function rechazo(errores: HallazgoParcela[]): HttpError {
  const fields: Record<string, string> = {};
  for (const h of errores) fields[h.campo] = fields[h.campo] ? `${fields[h.campo]} ${h.mensaje}` : h.mensaje;
  return badRequest('VALIDATION_ERROR', errores.map((h) => h.mensaje).join(' '), fields);
}

/** Warnings not confirmed: 409 PARCELA_AVISOS, the producer saves again with confirmarAvisos. */
export function avisosSinConfirmar(avisos: HallazgoParcela[]): HttpError {
  const fields: Record<string, string> = {};
  for (const h of avisos) fields[h.campo] = h.mensaje;
  return new HttpError(
    409,
    'PARCELA_AVISOS',
    `${PARCELA_MESSAGES.AVISOS} ${avisos.map((h) => h.mensaje).join(' ')}`,
    fields,
  );
}

/** The organisation's plots with a geometry, indexed for the overlap rule. */
export async function indiceDe(tx: DbOrTx, productorId: string): Promise<IndiceParcelas> {
  const rows = await tx
    .select({ id: fincas.id, nombre: fincas.nombre, geometria: fincas.ubicacion })
    .from(fincas)
    .where(and(eq(fincas.productorId, productorId), isNotNull(fincas.ubicacion)));
  return new IndiceParcelas(rows.map((r) => ({ ...r, geometria: r.geometria as GeometriaParcela })));
}

/** Serialises an organisation's plot writes, so that two concurrent saves cannot overlap each other unseen. */
export async function bloquearParcelas(tx: DbOrTx, productorId: string) {
  const [p] = await tx
    .select()
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, productorId))
    .for('update')
    .limit(1);
  return p;
}

/**
 * Judges a plot by every rule (decision 058) and gives the columns to store: refuses with 400 on an error, 409 on a
 * warning not confirmed. A farm without geometry is stored as it is, not an EUDR plot yet.
 */
function juzgarParaGuardar(
  input: FincaParsed,
  pais: string | null,
  indice: IndiceParcelas,
  exceptoId: string | undefined,
  now: Date,
) {
  const g = input.ubicacion ?? null;
  if (!g || !pais) {
    return { pais, eudrComprobadaAt: now, eudrValida: false, eudrAvisos: [] as string[], areaCalculadaHa: null };
  }
  const v = juzgarParcela({ geometria: g, hectareas: input.hectareas, pais });
  const errores = v.hallazgos.filter((h) => h.nivel === 'error');
  if (!errores.length) {
    const solape = indice.solape(g, exceptoId);
    if (solape) errores.push(solape);
  }
  if (errores.length) throw rechazo(errores);
  const avisos = v.hallazgos.filter((h) => h.nivel === 'aviso');
  if (avisos.length && !input.confirmarAvisos) throw avisosSinConfirmar(avisos);
  return {
    pais,
    eudrComprobadaAt: now,
    eudrValida: input.hectareas != null,
    eudrAvisos: avisos.map((h) => h.mensaje),
    areaCalculadaHa: v.areaCalculadaHa,
  };
}

export async function listFincas(db: Db, productorId: string): Promise<Finca[]> {
  const rows = await db
    .select()
    .from(fincas)
    .where(eq(fincas.productorId, productorId))
    .orderBy(asc(fincas.nombre), asc(fincas.id));
  return rows.map(toFinca);
}

/**
 * An organisation adds a member farm. A single farm (FINCA) has one only, itself: it creates it from its
 * profile (createFincaPropia) and may not add others.
 */
export async function createFinca(db: Db, user: UserRow, input: FincaParsed, now: Date): Promise<Finca> {
  return db.transaction(async (tx) => {
    const perfil = await bloquearParcelas(tx, user.id);
    if (perfil?.tipoProductor === 'FINCA') throw conflict('CONFLICT', FINCA_MESSAGES.FINCA_UNICA);
    const eudr = juzgarParaGuardar(
      input,
      input.pais ?? perfil?.pais ?? null,
      await indiceDe(tx, user.id),
      undefined,
      now,
    );
    const [row] = await tx
      .insert(fincas)
      .values({ ...values(input), ...eudr, productorId: user.id, createdAt: now, updatedAt: now })
      .returning();
    return toFinca(row);
  });
}

/** A single farm's own farm, filled from its profile (name, region, municipality, altitude, hectares, certifications). */
export async function createFincaPropia(db: Db, user: UserRow, now: Date): Promise<Finca> {
  const perfil = await tipoProductor(db, user.id);
  if (!perfil || perfil.tipoProductor !== 'FINCA') throw conflict('CONFLICT', FINCA_MESSAGES.SOLO_FINCA);
  try {
    const [row] = await db
      .insert(fincas)
      .values({
        productorId: user.id,
        nombre: perfil.nombre,
        productorNombre: [user.nombre, user.apellido].filter(Boolean).join(' ') || null,
        region: perfil.region,
        municipio: perfil.municipio,
        altitud: perfil.altitud,
        hectareas: perfil.hectareas,
        certificaciones: perfil.certificaciones,
        pais: perfil.pais,
        propia: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toFinca(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', FINCA_MESSAGES.PROPIA_YA_EXISTE);
    throw err;
  }
}

const own = (userId: string, id: string) => and(eq(fincas.id, id), eq(fincas.productorId, userId));

export async function updateFinca(db: Db, userId: string, id: string, input: FincaParsed, now: Date) {
  return db.transaction(async (tx) => {
    const perfil = await bloquearParcelas(tx, userId);
    const [actual] = await tx.select().from(fincas).where(own(userId, id)).limit(1);
    if (!actual) throw notFound('NOT_FOUND', FINCA_MESSAGES.NOT_FOUND);
    const pais = input.pais ?? actual.pais ?? perfil?.pais ?? null;
    const eudr = juzgarParaGuardar(input, pais, await indiceDe(tx, userId), id, now);
    const [row] = await tx
      .update(fincas)
      .set({ ...values(input), ...eudr, updatedAt: now })
      .where(own(userId, id))
      .returning();
    await recomputeEudrOfFincas(tx, [id]);
    return toFinca(row);
  });
}

/**
 * Deletes a farm of one's own. A farm a traded lot came from is part of that order's due diligence (decision 046):
 * it stays (409). Otherwise its evidence records go with it.
 */
export async function deleteFinca(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    await bloquearParcelas(tx, userId);
    const [actual] = await tx.select({ id: fincas.id }).from(fincas).where(own(userId, id)).limit(1);
    if (!actual) throw notFound('NOT_FOUND', FINCA_MESSAGES.NOT_FOUND);
    const [vendida] = await tx
      .select({ id: pedidos.id })
      .from(loteFincas)
      .innerJoin(pedidos, eq(pedidos.loteId, loteFincas.loteId))
      .where(eq(loteFincas.fincaId, id))
      .limit(1);
    if (vendida) throw conflict('CONFLICT', FINCA_MESSAGES.CON_PEDIDOS);
    await tx.delete(fincaEvidencias).where(eq(fincaEvidencias.fincaId, id));
    const susLotes = await tx.select({ id: loteFincas.loteId }).from(loteFincas).where(eq(loteFincas.fincaId, id));
    const [row] = await tx.delete(fincas).where(own(userId, id)).returning({ id: fincas.id });
    await recomputeEudr(
      tx,
      susLotes.map((l) => l.id),
    );
    return row.id;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Evidence: private documents of a plot
// ---------------------------------------------------------------------------------------------------------

type EvidenciaRow = typeof fincaEvidencias.$inferSelect;
const keyOf = (address: string) => `${PRIVATE_PREFIX}${address.slice(PRIVATE_URL_PREFIX.length)}`;
const toEvidencia = (e: EvidenciaRow) => ({
  id: e.id,
  fincaId: e.fincaId,
  tipo: e.tipo,
  descripcion: e.descripcion,
  nombreArchivo: e.nombreArchivo,
  url: urlForKey(e.key),
  createdAt: e.createdAt.toISOString(),
});

/** Attaches a PDF the producer uploaded (POST /api/uploads/documentos) to a farm of his. */
export async function createEvidencia(
  db: Db,
  userId: string,
  fincaId: string,
  input: { tipo: EvidenciaRow['tipo']; descripcion: string; documento: string },
  now: Date,
) {
  await rowOr404(db, fincas, own(userId, fincaId), FINCA_MESSAGES.NOT_FOUND);
  const address = input.documento.split('?')[0];
  const [mine] = await db
    .select({ key: imagenes.key, urls: imagenes.urls })
    .from(imagenes)
    .where(and(eq(imagenes.ownerId, userId), eq(imagenes.key, keyOf(address))))
    .limit(1);
  if (!mine || mine.urls.pdf !== address) {
    throw badRequest('VALIDATION_ERROR', FINCA_MESSAGES.EVIDENCIA_NO_TUYA, {
      documento: FINCA_MESSAGES.EVIDENCIA_NO_TUYA,
    });
  }
  const [row] = await db
    .insert(fincaEvidencias)
    .values({
      fincaId,
      tipo: input.tipo,
      descripcion: input.descripcion,
      key: mine.key,
      nombreArchivo: mine.urls.nombre ?? 'documento.pdf',
      createdAt: now,
    })
    .returning();
  return toEvidencia(row);
}

/**
 * Whether the viewer may read a producer's plot evidence: the producer, Cereza's operator, and the buyers with an
 * order from him (the parties of his orders). Anyone else reads "not found".
 */
export async function puedeVerEvidencias(db: DbOrTx, viewer: UserRow, productorId: string): Promise<boolean> {
  if (viewer.id === productorId || isOperador(viewer)) return true;
  const [p] = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.productorId, productorId), eq(pedidos.compradorId, viewer.id)))
    .limit(1);
  return !!p;
}

export async function evidenciasDeFinca(db: Db, viewer: UserRow, fincaId: string) {
  const [f] = await db.select({ productorId: fincas.productorId }).from(fincas).where(eq(fincas.id, fincaId)).limit(1);
  if (!f || !(await puedeVerEvidencias(db, viewer, f.productorId))) {
    throw notFound('NOT_FOUND', FINCA_MESSAGES.NOT_FOUND);
  }
  return evidenciasDe(db, [fincaId]);
}

export async function evidenciasDe(db: DbOrTx, fincaIds: string[]) {
  if (!fincaIds.length) return [];
  const rows = await db
    .select()
    .from(fincaEvidencias)
    .where(inArray(fincaEvidencias.fincaId, fincaIds))
    .orderBy(asc(fincaEvidencias.createdAt));
  return rows.map(toEvidencia);
}

/** Sets which of his member farms a lot of his comes from (another's lot: 404; another's farm: 400). */
export async function setLoteFincas(db: Db, userId: string, loteId: string, fincaIds: string[], notFoundMsg: string) {
  return db.transaction(async (tx) => {
    await rowOr404(tx, lotes, and(eq(lotes.id, loteId), eq(lotes.productorId, userId)), notFoundMsg, {
      forUpdate: true,
    });
    if (fincaIds.length) {
      const mine = await tx
        .select({ id: fincas.id })
        .from(fincas)
        .where(and(inArray(fincas.id, fincaIds), eq(fincas.productorId, userId)));
      if (mine.length !== fincaIds.length) {
        throw badRequest('VALIDATION_ERROR', FINCA_MESSAGES.AJENA, { fincaIds: FINCA_MESSAGES.AJENA });
      }
    }
    await tx.delete(loteFincas).where(eq(loteFincas.loteId, loteId));
    if (fincaIds.length) await tx.insert(loteFincas).values(fincaIds.map((fincaId) => ({ loteId, fincaId })));
    await recomputeEudr(tx, [loteId]);
    return fincasDeLote(tx, loteId);
  });
}

export async function fincasDeLote(db: DbOrTx, loteId: string): Promise<Finca[]> {
  const rows = await db
    .select({ f: fincas })
    .from(loteFincas)
    .innerJoin(fincas, eq(fincas.id, loteFincas.fincaId))
    .where(eq(loteFincas.loteId, loteId))
    .orderBy(asc(fincas.nombre));
  return rows.map((r) => toFinca(r.f));
}

/** A lot's farms as the public lot page shows them: hidden lots are 404 except to their owner. */
export async function fincasDeLotePublico(db: Db, loteId: string, viewerId: string | undefined, notFoundMsg: string) {
  const visible = viewerId ? or(eq(lotes.ocultar, false), eq(lotes.productorId, viewerId)) : eq(lotes.ocultar, false);
  await rowOr404(db, lotes, and(eq(lotes.id, loteId), visible), notFoundMsg);
  return fincasDeLote(db, loteId);
}

// ---------------------------------------------------------------------------------------------------------
// Import: every row judged, the valid ones created together on confirmation
// ---------------------------------------------------------------------------------------------------------

const redondear = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * Judges every row of an imported file by the plot rules (overlap included: against the organisation's plots and the
 * file's earlier rows) and, when `confirmar`, creates the valid ones in one transaction: all or none (decision 058).
 * Rows with only warnings are created with their warnings recorded: confirming the import confirms them.
 */
export async function importParcelas(
  db: Db,
  user: UserRow,
  formato: ImportFormato,
  filas: FilaLeida[],
  confirmar: boolean,
  now: Date,
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const perfil = await bloquearParcelas(tx, user.id);
    if (perfil?.tipoProductor === 'FINCA') throw conflict('CONFLICT', FINCA_MESSAGES.FINCA_UNICA);
    const indice = await indiceDe(tx, user.id);
    const resultado: FilaImportada[] = [];
    const nuevas: Array<typeof fincas.$inferInsert> = [];
    for (const f of filas) {
      const nombre = f.nombre ?? IMPORT_MESSAGES.NOMBRE_POR_DEFECTO(f.fila);
      const g = f.geometria;
      const fila = (estado: FilaImportada['estado'], mensajes: string[], hectareas = f.hectareas): FilaImportada => ({
        fila: f.fila,
        nombre,
        estado,
        mensajes,
        tipo: g?.type ?? null,
        hectareas,
        ...(estado === 'error'
          ? {
              borrador: {
                productorNombre: f.productorNombre,
                region: f.region,
                municipio: f.municipio,
                pais: f.pais,
                ubicacion: g,
              },
            }
          : {}),
      });
      if (!g || f.problema) {
        resultado.push(fila('error', [f.problema ?? IMPORT_MESSAGES.SIN_GEOMETRIA]));
        continue;
      }
      const pais = f.pais ?? perfil?.pais ?? null;
      if (!pais || !PAIS_NAMES.has(pais)) {
        resultado.push(fila('error', [PARCELA_FALTA.SIN_PAIS]));
        continue;
      }
      const mensajes: string[] = [];
      let hectareas = f.hectareas;
      if (hectareas == null && g.type !== 'Point') {
        const medida = juzgarParcela({ geometria: g, hectareas: null, pais }).areaCalculadaHa;
        if (medida != null) {
          hectareas = redondear(medida);
          mensajes.push(IMPORT_MESSAGES.AREA_TOMADA(String(hectareas).replace('.', ',')));
        }
      }
      const v = juzgarParcela({ geometria: g, hectareas, pais, decimalesEscritos: f.decimalesEscritos });
      const errores = v.hallazgos.filter((h) => h.nivel === 'error');
      if (!errores.length) {
        const solape = indice.solape(g);
        if (solape) errores.push(solape);
      }
      if (errores.length) {
        resultado.push(
          fila(
            'error',
            errores.map((h) => h.mensaje),
            hectareas,
          ),
        );
        continue;
      }
      const avisos = v.hallazgos.filter((h) => h.nivel === 'aviso').map((h) => h.mensaje);
      resultado.push(fila(avisos.length || mensajes.length ? 'aviso' : 'valida', [...mensajes, ...avisos], hectareas));
      indice.add({ id: `fila-${f.fila}`, nombre, geometria: g });
      nuevas.push({
        productorId: user.id,
        nombre,
        productorNombre: f.productorNombre,
        region: f.region ?? perfil?.region ?? '',
        municipio: f.municipio,
        hectareas,
        ubicacion: g,
        pais,
        eudrComprobadaAt: now,
        eudrValida: hectareas != null,
        eudrAvisos: avisos,
        areaCalculadaHa: v.areaCalculadaHa,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (confirmar && nuevas.length) {
      for (let i = 0; i < nuevas.length; i += 500) await tx.insert(fincas).values(nuevas.slice(i, i + 500));
    }
    return {
      formato,
      filas: resultado,
      validas: nuevas.length,
      errores: resultado.length - nuevas.length,
      confirmado: confirmar,
      creadas: confirmar ? nuevas.length : 0,
    };
  });
}
