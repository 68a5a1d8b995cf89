import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ESTADOS_CON_RESERVA,
  PEDIDO_MESSAGES,
  formatoDinero,
  textoResolucion,
  type ResolucionReclamo,
  PLAZOS_PEDIDO,
  type EstadoPedido,
  type MovimientoPedido,
  type ParteContrato,
  type TerminosPedido,
} from '../../../contract/pedidos';
import { faltantesInformacionComercial, type InformacionComercial } from '../../../contract/auth';
import type { DbOrTx, Tx } from '../../db/client';
import { DAY } from '../../clock';
import { imagenes } from '../../db/schema/imagenes';
import { muestras } from '../../db/schema/muestras';
import { pedidoDocumentos, pedidos } from '../../db/schema/pedidos';
import { users } from '../../db/schema/users';
import { notFound } from '../../errors';
import {
  SISTEMA,
  defineLifecycle,
  transition,
  writeEvento,
  type Actor,
  type MoveContext,
  type RolAjeno,
} from '../../lib/lifecycle';
import { notify } from '../notificaciones';
import { liberarSacos, venderSacos } from '../lotes';
import { pendienteDePedido } from '../cobros';
import { enviarMuestraPss } from '../muestras';
import { alEmbarcar, alResolverReclamo, type PedidoRow } from './al-embarcar';
import { renderContrato } from './contrato';
import { saveReclamo } from './reclamo-aportes';
import type { HojaCata } from '../../../contract/muestras';
import { paginaPedido } from '../../../contract/paginas';

export type { PedidoRow };
export type RolPedido = 'comprador' | 'productor';

/** What a move may carry: the action's body (a reason, a carrier, the shipment's data). */
export interface PedidoMoveInput {
  motivo?: string;
  transportista?: string;
  numeroGuia?: string;
  naviera?: string;
  contenedor?: string;
  conocimientoEmbarque?: string;
  etd?: string;
  eta?: string;
  documentos?: string[];
  /**
   * RESOLVER_RECLAMO (the operator): how the claim ends, and the discount in minor units when there is one — on the
   * order's total, which is the sale invoice's taxable base (tax follows at the invoice's rate).
   */
  resolucion?: 'SIN_CAMBIO' | 'DESCUENTO';
  descuentoCentavos?: number;
  /** ABRIR_RECLAMO: the buyer's uploads and his arrival cupping (modules/pedidos/reclamo-aportes.ts). */
  evidencias?: ({ imagenId: string } | { documentoId: string })[];
  cataLlegada?: HojaCata;
}

type Ctx = MoveContext<PedidoRow, PedidoMoveInput>;
type Moved = Ctx & { moved: PedidoRow };

const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
const dias = (n: number) => n * DAY;
const fechaCorta = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

export const enlacePedido = (p: Pick<PedidoRow, 'id'>, rol: RolPedido) => paginaPedido(rol, p.id);

const sobre = (p: PedidoRow) => ({ entidad: 'pedido', entidadId: p.id });
const base = (p: PedidoRow) => ({ numero: p.numero, lote: p.terminos.lote.nombre });

async function avisar(tx: DbOrTx, p: PedidoRow, rol: RolPedido, aviso: AvisoPedido) {
  await notify(tx, {
    ...aviso,
    ...base(p),
    userId: rol === 'comprador' ? p.compradorId : p.productorId,
    enlace: enlacePedido(p, rol),
    ...sobre(p),
  } as Parameters<typeof notify>[1]);
}
type AvisoPedido =
  | { tipo: 'PEDIDO_CONFIRMADO' | 'PEDIDO_EXPIRADO' | 'PEDIDO_ENTREGADO' | 'PEDIDO_RECLAMO' | 'PEDIDO_COMPLETADO' }
  | { tipo: 'PEDIDO_PSS_ENVIADA' | 'PEDIDO_PAGO_REGISTRADO' | 'PEDIDO_PAGO_VENCIDO' }
  | { tipo: 'PEDIDO_CANCELADO'; motivo: string }
  | { tipo: 'PEDIDO_RECLAMO_RESUELTO'; resolucion: string }
  | { tipo: 'PEDIDO_CANCELACION_PEDIDA'; quien: string }
  | { tipo: 'PEDIDO_PSS_DECIDIDA'; decision: string }
  | { tipo: 'PEDIDO_EMBARCADO'; naviera: string; eta: string }
  | { tipo: 'PEDIDO_RECORDATORIO'; que: string; cuando: string }
  | { tipo: 'PEDIDO_PAGO_RECIBIDO' }
  | { tipo: 'PEDIDO_PAGO_PARCIAL'; recibido: string; pendiente: string; comprador: 0 | 1 }
  | { tipo: 'PEDIDO_PAGO_RECORDATORIO'; cuando: string; importe: string; vencido: 0 | 1 };
export { avisar };

export const rolDe = (
  row: Pick<PedidoRow, 'compradorId' | 'productorId'>,
  actor: Actor,
): RolPedido | RolAjeno | null =>
  !('userId' in actor)
    ? 'sistema' in actor
      ? 'sistema'
      : 'operador'
    : row.compradorId === actor.userId
      ? 'comprador'
      : row.productorId === actor.userId
        ? 'productor'
        : null;

// ---------------------------------------------------------------------------------------------------------
// The contract's parties (checked and frozen at confirmation)
// ---------------------------------------------------------------------------------------------------------

/** What a party's InformacionComercial lacks for a contract (Spanish names of the fields). */
export const faltantes = faltantesInformacionComercial;

async function infoDe(tx: DbOrTx, ids: string[]) {
  const rows = await tx
    .select({ id: users.id, info: users.informacionComercial, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

function parte(nombre: string, info: InformacionComercial, email: string): ParteContrato {
  const d = info.direccionFacturacion;
  return {
    nombre,
    razonSocial: info.razonSocial,
    taxId: info.taxId,
    direccion: [d.linea1, [d.codigoPostal, d.ciudad].filter(Boolean).join(' '), d.region].filter(Boolean).join(', '),
    pais: d.pais,
    email: info.emailFacturacion || email,
  };
}

async function guardConfirmar({ tx, row }: Ctx): Promise<string | undefined> {
  const info = await infoDe(tx, [row.productorId, row.compradorId]);
  const prod = faltantes(info.get(row.productorId)?.info ?? null);
  if (prod.length) return PEDIDO_MESSAGES.infoComercial('productor', prod);
  const comp = faltantes(info.get(row.compradorId)?.info ?? null);
  if (comp.length) return PEDIDO_MESSAGES.infoComercial('comprador', comp);
  return undefined;
}

/** CONFIRMAR's effects: the parties frozen into the terms, the contract PDF stored with the order. */
async function confirmar({ tx, moved, now }: Moved) {
  const info = await infoDe(tx, [moved.productorId, moved.compradorId]);
  const p = info.get(moved.productorId)!;
  const c = info.get(moved.compradorId)!;
  const terminos: TerminosPedido = {
    ...moved.terminos,
    partes: {
      productor: parte(moved.terminos.productorNombre, p.info!, p.email),
      comprador: parte(moved.terminos.compradorEmpresa, c.info!, c.email),
    },
  };
  const [conPartes] = await tx.update(pedidos).set({ terminos }).where(eq(pedidos.id, moved.id)).returning();
  const pdf = await renderContrato(conPartes, now);
  await tx.insert(pedidoDocumentos).values({
    pedidoId: moved.id,
    tipo: 'CONTRATO',
    nombre: `Contrato ${moved.numero}.pdf`,
    contenido: pdf,
    bytes: pdf.length,
    subidoPorId: null,
    createdAt: now,
  });
  await avisar(tx, conPartes, 'comprador', { tipo: 'PEDIDO_CONFIRMADO' });
}

// ---------------------------------------------------------------------------------------------------------
// Moves' effects
// ---------------------------------------------------------------------------------------------------------

/** Cancellation and expiry give the bags back while the order still holds them (not after shipment). */
async function liberarSiReservados({ tx, row, moved, now }: Moved) {
  if (ESTADOS_CON_RESERVA.includes(row.estado)) await liberarSacos(tx, moved.loteId, moved.sacos, now);
}

async function cancelado(ctx: Moved) {
  await liberarSiReservados(ctx);
  const { tx, moved, actor } = ctx;
  const quien = rolDe(moved, actor);
  const motivo = moved.motivoCancelacion ?? '';
  for (const rol of ['comprador', 'productor'] as const) {
    if (rol !== quien) await avisar(tx, moved, rol, { tipo: 'PEDIDO_CANCELADO', motivo });
  }
}

/** A confirmed order is cancelled by agreement: the other party must have proposed it (decision 024). */
function guardCancelar({ row, actor }: Ctx): string | undefined {
  const rol = rolDe(row, actor);
  if (rol === 'sistema' || rol === 'operador' || row.estado === 'RESERVADO') return undefined;
  if (row.cancelacionPedidaPor && row.cancelacionPedidaPor !== rol) return undefined;
  return row.cancelacionPedidaPor === rol
    ? PEDIDO_MESSAGES.CANCELACION_YA_PEDIDA
    : PEDIDO_MESSAGES.CANCELACION_SIN_ACUERDO;
}

/** The PSS: a SolicitudMuestra of tipo PRE_EMBARQUE linked to the order, already on its way to the buyer. */
async function enviarPss({ tx, moved, input, now }: Moved) {
  const [comprador] = await tx
    .select({ info: users.informacionComercial, nombre: users.nombre, apellido: users.apellido })
    .from(users)
    .where(eq(users.id, moved.compradorId))
    .limit(1);
  const d = comprador?.info?.direccionFacturacion;
  // The samples' door for a PSS (modules/muestras): born ENVIADA, with the sample table's own delivery timer.
  const muestraId = await enviarMuestraPss(
    tx,
    {
      pedido: moved,
      direccionEnvio: {
        nombre: moved.terminos.compradorEmpresa,
        empresa: comprador?.info?.razonSocial ?? '',
        linea1: d?.linea1 ?? moved.lugarEntrega,
        ciudad: d?.ciudad ?? moved.lugarEntrega,
        codigoPostal: d?.codigoPostal ?? '',
        pais: d?.pais ?? 'ES',
        telefono: '',
      },
      transportista: input.transportista,
      numeroGuia: input.numeroGuia,
    },
    now,
  );
  const [conMuestra] = await tx
    .update(pedidos)
    .set({ pssMuestraId: muestraId })
    .where(eq(pedidos.id, moved.id))
    .returning();
  await avisar(tx, conMuestra, 'comprador', { tipo: 'PEDIDO_PSS_ENVIADA' });
}

/** APROBAR_PSS / RECHAZAR_PSS need the buyer's cupping of the PSS (POST /api/muestras/{id}/cata). */
async function guardPssCatada({ tx, row }: Ctx): Promise<string | undefined> {
  if (!row.pssMuestraId) return PEDIDO_MESSAGES.PSS_SIN_CATA;
  const [m] = await tx
    .select({ estado: muestras.estado })
    .from(muestras)
    .where(eq(muestras.id, row.pssMuestraId))
    .limit(1);
  return m?.estado === 'CATADA' ? undefined : PEDIDO_MESSAGES.PSS_SIN_CATA;
}

/** The shipping documents: PDFs the producer uploaded (POST /api/uploads/documentos); anyone else's is 404. */
async function attachDocumentos(tx: DbOrTx, p: PedidoRow, ids: string[], now: Date) {
  for (const id of new Set(ids)) {
    const [doc] = await tx.select().from(imagenes).where(eq(imagenes.id, id)).limit(1);
    if (!doc || doc.ownerId !== p.productorId || !doc.urls.pdf) {
      throw notFound('NOT_FOUND', PEDIDO_MESSAGES.DOCUMENTO_AJENO);
    }
    await tx.insert(pedidoDocumentos).values({
      pedidoId: p.id,
      tipo: 'EMBARQUE',
      nombre: doc.urls.nombre ?? 'documento.pdf',
      url: doc.urls.pdf,
      bytes: doc.bytes,
      subidoPorId: p.productorId,
      createdAt: now,
    });
  }
}

async function embarcar(ctx: Moved) {
  const { tx, moved, input, now } = ctx;
  await venderSacos(tx, moved.loteId, moved.sacos, now);
  await attachDocumentos(tx, moved, input.documentos ?? [], now);
  await alEmbarcar({ tx, pedido: moved, now });
  await avisar(tx, moved, 'comprador', {
    tipo: 'PEDIDO_EMBARCADO',
    naviera: moved.naviera ?? '',
    eta: moved.eta ? fechaCorta(moved.eta) : '',
  });
}

/** When payment falls due once the goods ship, by the contract's term (PREPAGO was due before). */
function pagoTrasEmbarque(p: PedidoRow, now: Date): Date | null {
  if (p.estadoPago === 'PAGADO') return null;
  if (p.condicionPago === 'NETO_30_EMBARQUE') return plus(now, dias(PLAZOS_PEDIDO.netoDias));
  if (p.condicionPago === 'CAD') return plus(now, dias(PLAZOS_PEDIDO.prepagoDias));
  return p.pagoVenceAt;
}

const entregado = (now: Date) => {
  const reclamoHasta = plus(now, dias(PLAZOS_PEDIDO.reclamoDias));
  return {
    entregadoAt: now,
    reclamoHasta,
    venceAt: reclamoHasta,
    recordatorioAt: plus(reclamoHasta, -dias(PLAZOS_PEDIDO.recordatorioReclamoDias)),
  };
};

// ---------------------------------------------------------------------------------------------------------
// The operator's resolution of a claim (`npm run reclamos`, docs/decisions/035)
// ---------------------------------------------------------------------------------------------------------

function resolucionDe({ input, now }: Ctx, cancelar: boolean): ResolucionReclamo {
  const resolucion: ResolucionReclamo['resolucion'] = cancelar ? 'CANCELACION' : (input.resolucion ?? 'SIN_CAMBIO');
  return {
    resolucion,
    descuentoCentavos: resolucion === 'DESCUENTO' ? (input.descuentoCentavos ?? 0) : 0,
    motivo: input.motivo?.trim() || null,
    resueltaAt: now.toISOString(),
  };
}

/** A discount is a whole number of minor units, more than zero and at most the order's total. */
function guardResolver({ row, input }: Ctx): string | undefined {
  if (input.resolucion !== 'DESCUENTO') return undefined;
  const d = input.descuentoCentavos;
  if (d === undefined || !Number.isSafeInteger(d) || d <= 0) return 'El descuento debe ser mayor que cero.';
  if (d > row.totalCentavos) {
    return PEDIDO_MESSAGES.descuentoExcede(formatoDinero(d, row.moneda), formatoDinero(row.totalCentavos, row.moneda));
  }
  return undefined;
}

/** Both parties are told how the claim ended, in the sentence the order's page shows. */
async function reclamoResuelto({ tx, moved }: Moved) {
  const r = moved.terminos.resolucionReclamo!;
  const resolucion = textoResolucion(r, moved.moneda, moved.totalCentavos);
  for (const rol of ['comprador', 'productor'] as const) {
    await avisar(tx, moved, rol, { tipo: 'PEDIDO_RECLAMO_RESUELTO', resolucion });
  }
}

/** Payment reminders of orders paid through Cereza (issue 29): days before the due date, after it, then how often. */
export const RECORDATORIO_PAGO = { antesDias: 3, despuesDias: 1, cadaDiasTrasVencer: 7 } as const;

const CON_PSS_PENDIENTE: EstadoPedido[] = ['CONFIRMADO', 'PSS_ENVIADA', 'PSS_APROBADA', 'PSS_RECHAZADA'];

/**
 * The order table (docs/TRADE.md "Orders as contracts"), run by src/server/lib/lifecycle.ts (docs/decisions/019,
 * 024). RESERVAR, the creating move, is in ./service.ts (it reserves the bags and inserts the row); REGISTRAR_PAGO
 * moves the payment axis, not this one (./service.ts). Every other move is here.
 *
 * | From                                    | Action            | Who                 | To            | Notes                                  |
 * |-----------------------------------------|-------------------|---------------------|---------------|----------------------------------------|
 * | RESERVADO                               | CONFIRMAR         | productor           | CONFIRMADO    | both InformacionComercial; the PDF     |
 * | RESERVADO                               | EXPIRAR           | sistema             | EXPIRADO      | 72 h; bags back                        |
 * | RESERVADO                               | CANCELAR          | comprador, productor| CANCELADO     | bags back                              |
 * | CONFIRMADO, PSS_*                       | PEDIR_CANCELACION | comprador, productor| (same)        | proposes; the other's CANCELAR agrees  |
 * | CONFIRMADO, PSS_*                       | CANCELAR          | the other party     | CANCELADO     | bags back                              |
 * | PSS_RECHAZADA                           | CANCELAR          | sistema             | CANCELADO     | 2nd rejection, or 14 d w/o replacement |
 * | CONFIRMADO (PSS), PSS_RECHAZADA (once)  | ENVIAR_PSS        | productor           | PSS_ENVIADA   | a PRE_EMBARQUE sample                  |
 * | PSS_ENVIADA                             | APROBAR_PSS       | comprador           | PSS_APROBADA  | after cupping the PSS                  |
 * | PSS_ENVIADA                             | RECHAZAR_PSS      | comprador           | PSS_RECHAZADA | after cupping the PSS                  |
 * | CONFIRMADO (no PSS), PSS_APROBADA       | EMBARCAR          | productor           | EMBARCADO     | bags sold; documents; alEmbarcar()     |
 * | EMBARCADO                               | RECIBIR           | comprador           | ENTREGADO     | 28-day claim window                    |
 * | EMBARCADO                               | ENTREGAR          | sistema             | ENTREGADO     | ETA + 14 days                          |
 * | ENTREGADO                               | ABRIR_RECLAMO     | comprador           | EN_RECLAMO    | inside the window                      |
 * | ENTREGADO                               | COMPLETAR         | sistema             | COMPLETADO    | window closed and paid                 |
 * | EN_RECLAMO                              | RESOLVER_RECLAMO  | operador            | ENTREGADO     | no change or discount; window closed   |
 * | EN_RECLAMO                              | CANCELAR          | operador            | CANCELADO     | bags stay sold (coffee delivered)      |
 * | RESERVADO, CONFIRMADO, PSS_*            | CANCELAR          | operador            | CANCELADO     | no agreement needed; bags back         |
 *
 * 'operador' is Cereza's operator, acting through `npm run reclamos` on the server (docs/decisions/035).
 */
export const PEDIDO_LIFECYCLE = defineLifecycle({
  entidad: 'pedido',
  table: pedidos,
  roleOf: (row, userId): RolPedido | null =>
    row.compradorId === userId ? 'comprador' : row.productorId === userId ? 'productor' : null,
  notFoundMessage: PEDIDO_MESSAGES.NOT_FOUND,
  stateMessages: PEDIDO_MESSAGES.ESTADO,
  roleMessage: (_action, who) =>
    who.includes('productor') ? 'Esta acción corresponde al productor.' : 'Esta acción corresponde al comprador.',
  transitions: [
    {
      action: 'CONFIRMAR' as MovimientoPedido,
      from: ['RESERVADO'] as EstadoPedido[],
      who: ['productor'] as RolPedido[],
      to: 'CONFIRMADO' as EstadoPedido,
      guard: guardConfirmar,
      set: ({ row, now }: Ctx) => ({
        confirmadoAt: now,
        venceAt: null,
        recordatorioAt: null,
        pagoVenceAt: row.condicionPago === 'PREPAGO' ? plus(now, dias(PLAZOS_PEDIDO.prepagoDias)) : null,
      }),
      effects: confirmar,
    },
    {
      action: 'EXPIRAR',
      from: ['RESERVADO'],
      who: ['sistema'],
      to: 'EXPIRADO',
      set: () => ({ venceAt: null, recordatorioAt: null }),
      effects: async (ctx: Moved) => {
        await liberarSiReservados(ctx);
        await avisar(ctx.tx, ctx.moved, 'comprador', { tipo: 'PEDIDO_EXPIRADO' });
        await avisar(ctx.tx, ctx.moved, 'productor', { tipo: 'PEDIDO_EXPIRADO' });
      },
    },
    {
      action: 'CANCELAR',
      from: ['RESERVADO', ...CON_PSS_PENDIENTE],
      who: ['comprador', 'productor', 'sistema', 'operador'],
      to: 'CANCELADO',
      guard: guardCancelar,
      set: ({ input }: Ctx) => ({ venceAt: null, recordatorioAt: null, motivoCancelacion: input.motivo ?? null }),
      datos: ({ input }: Ctx) => ({ motivo: input.motivo }),
      effects: cancelado,
    },
    {
      action: 'CANCELAR',
      from: ['EN_RECLAMO'],
      who: ['operador'],
      to: 'CANCELADO',
      // The coffee was delivered: the bags stay sold (no liberarSacos), whatever the buyer does with them.
      set: (ctx: Ctx) => ({
        venceAt: null,
        recordatorioAt: null,
        motivoCancelacion: ctx.input.motivo?.trim() || 'Cancelado por Cereza al resolver el reclamo.',
        terminos: { ...ctx.row.terminos, resolucionReclamo: resolucionDe(ctx, true) },
      }),
      datos: ({ input }: Ctx) => ({ resolucion: 'CANCELACION', motivo: input.motivo }),
      effects: reclamoResuelto,
    },
    ...CON_PSS_PENDIENTE.map((estado) => ({
      action: 'PEDIR_CANCELACION' as MovimientoPedido,
      from: [estado],
      who: ['comprador', 'productor'] as RolPedido[],
      to: estado,
      guard: ({ row, actor }: Ctx) =>
        row.cancelacionPedidaPor === rolDe(row, actor) ? PEDIDO_MESSAGES.CANCELACION_YA_PEDIDA : undefined,
      set: ({ row, actor }: Ctx) => ({ cancelacionPedidaPor: rolDe(row, actor) as RolPedido }),
      datos: ({ input }: Ctx) => ({ motivo: input.motivo }),
      effects: async ({ tx, moved, actor }: Moved) => {
        const rol = rolDe(moved, actor) as RolPedido;
        await avisar(tx, moved, rol === 'comprador' ? 'productor' : 'comprador', {
          tipo: 'PEDIDO_CANCELACION_PEDIDA',
          quien: rol === 'comprador' ? moved.terminos.compradorEmpresa : moved.terminos.productorNombre,
        });
      },
    })),
    {
      action: 'ENVIAR_PSS',
      from: ['CONFIRMADO', 'PSS_RECHAZADA'],
      who: ['productor'],
      to: 'PSS_ENVIADA',
      guard: ({ row }: Ctx) =>
        row.condicionMuestra !== 'SUJETO_A_APROBACION_PSS'
          ? PEDIDO_MESSAGES.PSS_NO_APLICA
          : row.pssEnvios >= PLAZOS_PEDIDO.maxEnviosPss
            ? PEDIDO_MESSAGES.PSS_SIN_REEMPLAZO
            : undefined,
      set: ({ row }: Ctx) => ({ pssEnvios: row.pssEnvios + 1, venceAt: null }),
      datos: ({ input }: Ctx) => ({ transportista: input.transportista, numeroGuia: input.numeroGuia }),
      effects: enviarPss,
    },
    {
      action: 'APROBAR_PSS',
      from: ['PSS_ENVIADA'],
      who: ['comprador'],
      to: 'PSS_APROBADA',
      guard: guardPssCatada,
      effects: async ({ tx, moved }: Moved) =>
        avisar(tx, moved, 'productor', { tipo: 'PEDIDO_PSS_DECIDIDA', decision: 'aprobó' }),
    },
    {
      action: 'RECHAZAR_PSS',
      from: ['PSS_ENVIADA'],
      who: ['comprador'],
      to: 'PSS_RECHAZADA',
      guard: guardPssCatada,
      set: ({ now }: Ctx) => ({ venceAt: plus(now, dias(PLAZOS_PEDIDO.reemplazoPssDias)) }),
      datos: ({ input }: Ctx) => ({ motivo: input.motivo }),
      effects: async ({ tx, moved, now }: Moved) => {
        await avisar(tx, moved, 'productor', { tipo: 'PEDIDO_PSS_DECIDIDA', decision: 'rechazó' });
        if (moved.pssEnvios >= PLAZOS_PEDIDO.maxEnviosPss) {
          // The replacement was rejected too: the contract ends here (docs/TRADE.md).
          await transition(tx, PEDIDO_LIFECYCLE, {
            id: moved.id,
            action: 'CANCELAR',
            actor: SISTEMA,
            input: { motivo: 'La muestra de reemplazo también fue rechazada.' },
            now,
          });
        }
      },
    },
    {
      action: 'EMBARCAR',
      from: ['CONFIRMADO', 'PSS_APROBADA'],
      who: ['productor'],
      to: 'EMBARCADO',
      guard: ({ row }: Ctx) =>
        row.estado === 'CONFIRMADO' && row.condicionMuestra === 'SUJETO_A_APROBACION_PSS'
          ? PEDIDO_MESSAGES.PSS_REQUERIDA
          : undefined,
      set: ({ row, input, now }: Ctx) => {
        const eta = new Date(input.eta!);
        return {
          naviera: input.naviera ?? null,
          contenedor: input.contenedor ?? null,
          conocimientoEmbarque: input.conocimientoEmbarque ?? null,
          etd: new Date(input.etd!),
          eta,
          embarcadoAt: now,
          cancelacionPedidaPor: null,
          venceAt: plus(eta, dias(PLAZOS_PEDIDO.entregaTrasEtaDias)),
          recordatorioAt: eta,
          pagoVenceAt: pagoTrasEmbarque(row, now),
        };
      },
      datos: ({ input }: Ctx) => ({
        naviera: input.naviera,
        contenedor: input.contenedor,
        conocimientoEmbarque: input.conocimientoEmbarque,
        etd: input.etd,
        eta: input.eta,
        documentos: input.documentos?.length ?? 0,
      }),
      effects: embarcar,
    },
    ...(['RECIBIR', 'ENTREGAR'] as const).map((action) => ({
      action: action as MovimientoPedido,
      from: ['EMBARCADO'] as EstadoPedido[],
      who: (action === 'RECIBIR' ? ['comprador'] : ['sistema']) as ('comprador' | 'sistema')[],
      to: 'ENTREGADO' as EstadoPedido,
      set: ({ now }: Ctx) => entregado(now),
      effects: async ({ tx, moved }: Moved) => avisar(tx, moved, 'productor', { tipo: 'PEDIDO_ENTREGADO' }),
    })),
    {
      action: 'ABRIR_RECLAMO',
      from: ['ENTREGADO'],
      who: ['comprador'],
      to: 'EN_RECLAMO',
      guard: ({ row, now }: Ctx) =>
        row.reclamoHasta && row.reclamoHasta <= now ? PEDIDO_MESSAGES.RECLAMO_CERRADO : undefined,
      set: ({ input }: Ctx) => ({ motivoReclamo: input.motivo ?? null, venceAt: null, recordatorioAt: null }),
      datos: ({ input }: Ctx) => ({
        motivo: input.motivo,
        evidencias: input.evidencias?.length ?? 0,
        cataLlegada: !!input.cataLlegada,
      }),
      effects: async ({ tx, moved, input, now }: Moved) => {
        await saveReclamo(tx, moved, input, now);
        await avisar(tx, moved, 'productor', { tipo: 'PEDIDO_RECLAMO' });
      },
    },
    {
      action: 'COMPLETAR',
      from: ['ENTREGADO'],
      who: ['sistema'],
      to: 'COMPLETADO',
      guard: ({ row, now }: Ctx) =>
        row.estadoPago !== 'PAGADO' || !row.reclamoHasta || row.reclamoHasta > now
          ? 'El pedido se completa cuando termina el plazo de reclamo y consta el pago.'
          : undefined,
      set: () => ({ venceAt: null, recordatorioAt: null }),
      effects: async ({ tx, moved }: Moved) => {
        await avisar(tx, moved, 'comprador', { tipo: 'PEDIDO_COMPLETADO' });
        await avisar(tx, moved, 'productor', { tipo: 'PEDIDO_COMPLETADO' });
      },
    },
    {
      // Back to ENTREGADO's completion path: the claim window is closed (a resolved claim is not reopened) and
      // COMPLETAR's timer, due now, completes the order once the payment is recorded.
      action: 'RESOLVER_RECLAMO',
      from: ['EN_RECLAMO'],
      who: ['operador'],
      to: 'ENTREGADO',
      guard: guardResolver,
      set: (ctx: Ctx) => ({
        reclamoHasta: ctx.row.reclamoHasta && ctx.row.reclamoHasta < ctx.now ? ctx.row.reclamoHasta : ctx.now,
        venceAt: ctx.now,
        recordatorioAt: null,
        terminos: { ...ctx.row.terminos, resolucionReclamo: resolucionDe(ctx, false) },
      }),
      datos: ({ input }: Ctx) => ({
        resolucion: input.resolucion ?? 'SIN_CAMBIO',
        descuentoCentavos: input.resolucion === 'DESCUENTO' ? input.descuentoCentavos : 0,
        motivo: input.motivo,
      }),
      effects: async (ctx: Moved) => {
        const { tx, moved, now, input } = ctx;
        // A discount is a rectifying invoice of the sale (and of Cereza's commission), issued in this same
        // transaction by the effect modules/facturas registers (decision 032): if it cannot be issued, nothing moves.
        if (input.resolucion === 'DESCUENTO') {
          await alResolverReclamo({
            tx,
            pedido: moved,
            now,
            descuentoCentavos: input.descuentoCentavos,
            motivo: input.motivo,
          });
        }
        await reclamoResuelto(ctx);
      },
    },
  ],
  // Swept by the generic timersTask (./plazos.ts, decision 075); each deadline's `venceAt` is set by the move that
  // enters its state (the reservation's 72 h by the reservation, a shipment's ETA + 14 days by EMBARCAR…).
  timers: [
    { name: 'RESERVADO: sin confirmar', in: ['RESERVADO'], field: 'venceAt', action: 'EXPIRAR' },
    { name: 'EMBARCADO: llegada', in: ['EMBARCADO'], field: 'venceAt', action: 'ENTREGAR' },
    {
      name: 'ENTREGADO: plazo de reclamo cerrado',
      in: ['ENTREGADO'],
      field: 'venceAt',
      // Completion waits for the payment: unpaid orders are not claimed again every minute.
      when: eq(pedidos.estadoPago, 'PAGADO'),
      action: 'COMPLETAR',
    },
    {
      name: 'PSS_RECHAZADA: sin reemplazo',
      in: ['PSS_RECHAZADA'],
      field: 'venceAt',
      action: 'CANCELAR',
      input: () => ({ motivo: 'No llegó la muestra de reemplazo a tiempo.' }),
    },
    {
      name: 'recordatorio antes del plazo',
      in: ['RESERVADO', 'EMBARCADO', 'ENTREGADO'],
      field: 'recordatorioAt',
      run: recordarPlazo,
    },
    // The payment axis (any state): an unpaid order past its due date turns VENCIDO; Cereza reminds the buyer.
    { name: 'pago: vencido', field: 'pagoVenceAt', when: eq(pedidos.estadoPago, 'PENDIENTE'), run: vencerPago },
    {
      name: 'pago: recordatorio',
      field: 'pagoVenceAt',
      due: sql`coalesce(${pedidos.recordatorioPagoAt}, ${pedidos.pagoVenceAt} - ${sql.raw(`interval '${RECORDATORIO_PAGO.antesDias} days'`)})`,
      when: and(
        eq(pedidos.cobro, 'CEREZA'),
        inArray(pedidos.estadoPago, ['PENDIENTE', 'VENCIDO']),
        isNotNull(pedidos.pagoVenceAt),
      ),
      run: recordarPago,
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// What the timers that move nothing write
// ---------------------------------------------------------------------------------------------------------

const fecha = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

/** The reminder of each state with a deadline: who must act, what, and by when. */
const RECORDATORIO: Partial<Record<EstadoPedido, { rol: RolPedido; que: string }>> = {
  RESERVADO: { rol: 'productor', que: 'confirmar la reserva' },
  EMBARCADO: { rol: 'comprador', que: 'confirmar la recepción' },
  ENTREGADO: { rol: 'comprador', que: 'abrir un reclamo si algo no está bien' },
};

/** Before a state's deadline, the party who must act is told what and by when (once: the reminder is cleared). */
async function recordarPlazo(tx: Tx, p: PedidoRow, now: Date) {
  await tx.update(pedidos).set({ recordatorioAt: null }).where(eq(pedidos.id, p.id));
  const r = RECORDATORIO[p.estado]!;
  const cuando = p.venceAt ?? now;
  await avisar(tx, p, r.rol, { tipo: 'PEDIDO_RECORDATORIO', que: r.que, cuando: fecha(cuando) });
}

/** The payment axis PENDIENTE → VENCIDO: a guarded update, its event, both parties told. */
async function vencerPago(tx: Tx, p: PedidoRow, now: Date) {
  const [moved] = await tx
    .update(pedidos)
    .set({ estadoPago: 'VENCIDO', updatedAt: now })
    .where(and(eq(pedidos.id, p.id), eq(pedidos.estadoPago, 'PENDIENTE')))
    .returning();
  if (!moved) return;
  await writeEvento(tx, {
    entidad: 'pedido',
    entidadId: p.id,
    accion: 'VENCER_PAGO',
    desde: p.estado,
    hacia: p.estado,
    actor: SISTEMA,
    actorRol: 'sistema',
    datos: { estadoPago: 'VENCIDO' },
    at: now,
  });
  await avisar(tx, moved, 'comprador', { tipo: 'PEDIDO_PAGO_VENCIDO' });
  await avisar(tx, moved, 'productor', { tipo: 'PEDIDO_PAGO_VENCIDO' });
}

/** Before the due date once; after it, the day after and then weekly while it stays unpaid (quoting what is due). */
async function recordarPago(tx: Tx, p: PedidoRow, now: Date) {
  const vence = p.pagoVenceAt!;
  const vencido = vence <= now;
  const siguiente = vencido
    ? new Date(now.getTime() + RECORDATORIO_PAGO.cadaDiasTrasVencer * DAY)
    : new Date(vence.getTime() + RECORDATORIO_PAGO.despuesDias * DAY);
  await tx.update(pedidos).set({ recordatorioPagoAt: siguiente }).where(eq(pedidos.id, p.id));
  const pendiente = await pendienteDePedido(tx, p);
  if (pendiente <= 0) return;
  await avisar(tx, p, 'comprador', {
    tipo: 'PEDIDO_PAGO_RECORDATORIO',
    cuando: fecha(vence),
    importe: formatoDinero(pendiente, p.moneda),
    vencido: vencido ? 1 : 0,
  });
}
