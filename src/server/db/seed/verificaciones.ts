import { createHash } from 'node:crypto';
import { TIPO_DOCUMENTO_KYB_LABELS, type TipoDocumentoKyb } from '../../../contract/verificacion';
import { renderPdf, tablaDeTerminos } from '../../lib/pdf';
import type { Storage } from '../../storage/index';
import type { auditoria, users, verificacionesProductor, DocumentoKyb } from '../schema';
import type { SeedRows } from './build';

const DAY = 86_400_000;

/*
 * The demo's organisation checks (KYB, docs/decisions/052): most producers verified by the demo operator, two
 * waiting in the operator's queue (one sent again after a rejection), one rejected, one whose badge the operator
 * withdrew, two that never applied. The
 * documents are real PDFs stored as private files, as a producer's uploads are.
 */

type Plan = 'APROBADA' | 'ENVIADA' | 'RECHAZADA' | 'REENVIADA' | 'RETIRADA' | 'NINGUNA';
const PLAN: Record<string, Plan> = {
  'hola@fincalosquetzales.example': 'ENVIADA',
  'sales@ikawakivu.example': 'REENVIADA',
  'finca@losvolcanes-sv.example': 'RECHAZADA',
  'beneficio@lassegovias.example': 'NINGUNA',
  'fazenda@pedrabranca.example': 'NINGUNA',
  // Approved, then the operator withdrew the badge: the producer reads why and may apply again.
  'cafe@fincaloscipreses.example': 'RETIRADA',
};
const planDe = (email: string): Plan => PLAN[email] ?? 'APROBADA';
/** Kenya and Ethiopia license coffee exporters: those producers send the licence too. */
const CON_LICENCIA = new Set(['KE', 'ET']);

export const MOTIVO_RETIRADA_DEMO =
  'El registro público informa de que la sociedad cambió de razón social en septiembre: envía el certificado y el documento fiscal con la razón social nueva.';

export const MOTIVO_RECHAZO_DEMO =
  'El certificado de registro está a nombre de otra sociedad y no coincide con la razón social de la solicitud. Envía el certificado de la organización que vende en Cereza.';

type Productor = { user: typeof users.$inferInsert; pais: string };

function productores(rows: SeedRows): Productor[] {
  const pais = new Map(rows.productorPerfiles.map((p) => [p.userId, p.pais]));
  return rows.users
    .filter((u) => u.tipoUser === 'PRODUCTOR' && planDe(u.email) !== 'NINGUNA')
    .map((u) => ({ user: u, pais: pais.get(u.id!) ?? '' }));
}

const tiposDe = (pais: string): TipoDocumentoKyb[] =>
  CON_LICENCIA.has(pais)
    ? ['REGISTRO', 'IDENTIFICACION_FISCAL', 'LICENCIA_EXPORTACION']
    : ['REGISTRO', 'IDENTIFICACION_FISCAL'];

/** Renders and stores each applicant's documents (before the seed's transaction, like its pictures). */
export async function renderDemoKyb(rows: SeedRows, storage: Storage): Promise<Map<string, DocumentoKyb[]>> {
  const out = new Map<string, DocumentoKyb[]>();
  for (const { user, pais } of productores(rows)) {
    const razon = user.informacionComercial?.razonSocial ?? user.email;
    const taxId = user.informacionComercial?.taxId ?? '';
    const docs: DocumentoKyb[] = [];
    for (const tipo of tiposDe(pais)) {
      const titulo = TIPO_DOCUMENTO_KYB_LABELS[tipo];
      const pdf = await renderPdf({
        titulo,
        referencia: 'Documento de demostración',
        contenido: [
          { text: titulo, style: 'titulo' },
          tablaDeTerminos([
            ['Organización', razon],
            ['Identificación fiscal', taxId],
            ['País', pais],
            ['Expedido por', 'Registro público de demostración (datos inventados)'],
          ]),
        ],
      });
      const hex = createHash('sha256').update(`${user.id}/${tipo}`).digest('hex').slice(0, 32);
      const key = `privado/u/${user.id}/${hex}.pdf`;
      await storage.put(key, pdf, 'application/pdf');
      docs.push({ tipo, key, nombre: `${titulo}.pdf`, bytes: pdf.length });
    }
    out.set(user.id!, docs);
  }
  return out;
}

/**
 * The requests, the approved producers' badge (mutates their user rows: call before inserting users) and the
 * demo operator's audit rows for the decisions already taken.
 */
export function buildDemoVerificaciones(
  rows: SeedRows,
  docs: Map<string, DocumentoKyb[]>,
  operador: typeof users.$inferInsert,
  now: Date,
) {
  const verificaciones: Array<typeof verificacionesProductor.$inferInsert> = [];
  const auditorias: Array<typeof auditoria.$inferInsert> = [];
  productores(rows).forEach(({ user }, i) => {
    const plan = planDe(user.email);
    const base = {
      productorId: user.id!,
      razonSocial: user.informacionComercial?.razonSocial ?? user.email,
      identificacionFiscal: user.informacionComercial?.taxId ?? '',
      documentos: docs.get(user.id!) ?? [],
    };
    const enviada = new Date(now.getTime() - (200 - i * 7) * DAY);
    const resuelta = (motivo: string, estado: 'APROBADA' | 'RECHAZADA', at: Date, retirada?: Date) => {
      const id = createHash('sha256').update(`kyb/${user.id}/${estado}`).digest('hex');
      const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-8${id.slice(17, 20)}-${id.slice(20, 32)}`;
      verificaciones.push({
        ...base,
        id: uuid,
        estado: retirada ? 'RETIRADA' : estado,
        motivo,
        resueltaPor: operador.id!,
        resueltaAt: at,
        ...(retirada ? { retiradaAt: retirada, retiradaPor: operador.id!, motivoRetirada: MOTIVO_RETIRADA_DEMO } : {}),
        createdAt: enviada,
      });
      if (retirada) {
        auditorias.push({
          operadorId: operador.id!,
          operadorEmail: operador.email,
          accion: 'VERIFICACION_RETIRAR',
          entidad: 'cuenta',
          entidadId: user.id!,
          motivo: MOTIVO_RETIRADA_DEMO,
          antes: { productorVerificado: true, verificadoAt: at.toISOString(), solicitudId: uuid },
          despues: { productorVerificado: false, estadoSolicitud: 'RETIRADA' },
          createdAt: retirada,
        });
      }
      auditorias.push({
        operadorId: operador.id!,
        operadorEmail: operador.email,
        accion: estado === 'APROBADA' ? 'VERIFICACION_APROBAR' : 'VERIFICACION_RECHAZAR',
        entidad: 'verificacion',
        entidadId: uuid,
        motivo,
        antes: { estado: 'ENVIADA', productorId: user.id, razonSocial: base.razonSocial },
        despues: { estado, productorVerificado: estado === 'APROBADA' },
        createdAt: at,
      });
    };
    if (plan === 'APROBADA') {
      const at = new Date(enviada.getTime() + 2 * DAY);
      resuelta(
        'Registro, identificación fiscal y razón social coinciden con los datos de facturación.',
        'APROBADA',
        at,
      );
      user.productorVerificadoAt = at;
    } else if (plan === 'RETIRADA') {
      resuelta(
        'Registro, identificación fiscal y razón social coinciden con los datos de facturación.',
        'APROBADA',
        new Date(enviada.getTime() + 2 * DAY),
        new Date(now.getTime() - 6 * DAY),
      );
    } else if (plan === 'RECHAZADA' || plan === 'REENVIADA') {
      resuelta(MOTIVO_RECHAZO_DEMO, 'RECHAZADA', new Date(now.getTime() - 20 * DAY));
    }
    if (plan === 'ENVIADA' || plan === 'REENVIADA') {
      verificaciones.push({
        ...base,
        estado: 'ENVIADA',
        createdAt: new Date(now.getTime() - (plan === 'ENVIADA' ? 4 : 1) * DAY),
      });
    }
  });
  // The log is append-only and numbered in insertion order: the oldest decision first.
  auditorias.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  return { verificaciones, auditorias };
}
