import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import {
  CAJA_MESSAGES,
  DECISION_CATA_LABELS,
  MUESTRA_MESSAGES,
  PLAZOS_MUESTRA,
  type DireccionEnvio,
  type EstadoMuestra,
  type MovimientoMuestra,
  type MuestraInput,
} from '../../../contract/muestras';
import { SOLICITUD_MESSAGES } from '../../../contract/solicitudes';
import type { DbOrTx, Tx } from '../../db/client';
import { DAY } from '../../clock';
import { lotes } from '../../db/schema/lotes';
import { muestras } from '../../db/schema/muestras';
import { compradorPerfiles, users } from '../../db/schema/users';
import { conflict, forbidden, notFound } from '../../errors';
import { defineLifecycle, startTimers, type Actor, type CreateContext, type Timer } from '../../lib/lifecycle';
import { notify } from '../notificaciones';
import { displayName } from '../../../contract/roles';
import { PAGINAS } from '../../../contract/paginas';

export type MuestraRow = typeof muestras.$inferSelect;
export type RolMuestra = 'comprador' | 'productor';

/** What a move may carry: the action's body (RECHAZAR's reason, ENVIAR's carrier) or the cupping's result. */
export interface MuestraMoveInput {
  motivo?: string;
  transportista?: string;
  numeroGuia?: string;
  imagen?: string | null;
  /** ENVIAR taken by the box's shipment (decision 070); a box's sample is never shipped alone. */
  caja?: boolean;
  cata?: { puntajeTotal: number; decision: 'INTERESADO' | 'NO_INTERESADO' | null };
}

const dias = (n: number) => n * DAY;

/** The names the notifications use: the lot's and the buyer's company (or his name). */
async function nombres(tx: DbOrTx, m: MuestraRow): Promise<{ lote: string; comprador: string }> {
  const [row] = await tx
    .select({
      lote: lotes.nombre,
      empresa: compradorPerfiles.empresa,
      nombre: users.nombre,
      apellido: users.apellido,
      name: users.name,
      email: users.email,
    })
    .from(lotes)
    .innerJoin(users, eq(users.id, m.compradorId))
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, m.compradorId))
    .where(eq(lotes.id, m.loteId))
    .limit(1);
  return { lote: row?.lote ?? 'un lote', comprador: row?.empresa || (row ? displayName(row) : 'Un comprador') };
}

const enlaceComprador = (m: MuestraRow) => PAGINAS.comprador.muestras(m.id);
const enlaceProductor = (m: MuestraRow) => PAGINAS.productor.pedidosMuestras(m.id);
const sobre = (m: MuestraRow) => ({ entidad: 'muestra', entidadId: m.id });

// ---------------------------------------------------------------------------------------------------------
// Creating moves: the entry points and their rules
// ---------------------------------------------------------------------------------------------------------

/** A buyer asks a sample of a lot he sees in the catalogue (POST /api/muestras, or each lot of his box). */
export interface SolicitudComprador {
  body: MuestraInput;
  /** The sample box it is asked in (decision 070). */
  cajaId?: string;
}

/** A buyer asks a sample of a shortlisted answer's lot (modules/solicitudes); the lot may be private (decision 039). */
export interface SolicitudDeRespuesta {
  loteId: string;
  productorId: string;
  gramos: number;
  moneda: MuestraRow['moneda'];
  direccionEnvio: DireccionEnvio;
  solicitudId: string;
  solicitudTitulo: string;
  respuestaId: string;
}

/** The producer ships an order's pre-shipment sample (modules/pedidos, ENVIAR_PSS): it is born on its way. */
export interface EnvioPss {
  pedido: Pick<MuestraRow, 'loteId' | 'compradorId' | 'productorId' | 'moneda'> & { id: string; numero: string };
  direccionEnvio: DireccionEnvio;
  transportista?: string;
  numeroGuia?: string;
}

/** The grams of a pre-shipment sample. */
export const GRAMOS_PSS = 300;

/**
 * Samples the buyer received over 14 days ago and has not cupped: three of them block a new request. A sample the
 * timer closed without a cupping (CERRADA_SIN_CATA) still counts: the debt lifts only by cupping it (CATAR is open
 * from that state too), never by waiting.
 */
const ESTADOS_SIN_CATAR: EstadoMuestra[] = ['ENTREGADA', 'CERRADA_SIN_CATA'];

export async function deudaDeCata(db: DbOrTx, compradorId: string, now: Date) {
  const limite = new Date(now.getTime() - PLAZOS_MUESTRA.deudaDias * DAY);
  const rows = await db
    .select({ id: muestras.id, lote: lotes.nombre, entregadaAt: muestras.entregadaAt })
    .from(muestras)
    .innerJoin(lotes, eq(lotes.id, muestras.loteId))
    .where(
      and(
        eq(muestras.compradorId, compradorId),
        inArray(muestras.estado, ESTADOS_SIN_CATAR),
        isNotNull(muestras.entregadaAt),
        lte(muestras.entregadaAt, limite),
      ),
    )
    .orderBy(asc(muestras.entregadaAt));
  return rows.map((r) => ({ id: r.id, lote: r.lote, entregadaAt: r.entregadaAt!.toISOString() }));
}

const userIdOf = (actor: Actor) => ('userId' in actor ? actor.userId : '');

/**
 * The rules of a sample a buyer asks, whichever door he asks it through: a profile (403), and no feedback debt
 * (409). The third, one sample of a lot in progress per buyer, is the unique index muestras_en_curso_uq: an offer
 * sample (both buyer doors) is refused by it; a pre-shipment sample is not an offer and is not counted.
 */
async function reglasDelComprador({ tx, actor, now }: CreateContext<unknown>): Promise<string | undefined> {
  const [u] = await tx
    .select({ perfilBase: users.perfilBase })
    .from(users)
    .where(eq(users.id, userIdOf(actor)))
    .limit(1);
  if (!u?.perfilBase) throw forbidden('PROFILE_REQUIRED', MUESTRA_MESSAGES.PERFIL_REQUERIDO);
  const deuda = await deudaDeCata(tx, userIdOf(actor), now);
  return deuda.length >= PLAZOS_MUESTRA.deudaMaxima ? MUESTRA_MESSAGES.deuda(deuda.map((d) => d.lote)) : undefined;
}

/** The producer hears of a sample asked of his lot; a box's lots are told once, by the box (cajas.ts, decision 070). */
async function avisarSolicitada({ tx, created }: { tx: Tx; created: MuestraRow }) {
  if (created.cajaId) return;
  const { lote, comprador } = await nombres(tx, created);
  await notify(tx, {
    userId: created.productorId,
    tipo: 'MUESTRA_SOLICITADA',
    lote,
    comprador,
    enlace: enlaceProductor(created),
    ...sobre(created),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Timers
// ---------------------------------------------------------------------------------------------------------

/** The reminders to cup, at +7 and +14 days after delivery: not a move, a notification and the next one's time. */
async function recordarCata(tx: Tx, m: MuestraRow, now: Date) {
  const entregada = m.entregadaAt ?? now;
  const transcurridos = Math.floor((now.getTime() - entregada.getTime()) / DAY);
  const siguiente = PLAZOS_MUESTRA.recordatorios.find((d) => d > transcurridos);
  await tx
    .update(muestras)
    .set({ recordatorioAt: siguiente ? new Date(entregada.getTime() + siguiente * DAY) : null })
    .where(eq(muestras.id, m.id));
  const { lote } = await nombres(tx, m);
  await notify(tx, {
    userId: m.compradorId,
    tipo: 'MUESTRA_RECORDATORIO',
    lote,
    dias: transcurridos,
    enlace: enlaceComprador(m),
    ...sobre(m),
  });
}

/** Each timer of the table (docs/product.md §10–11), started on entering its state and swept by the scheduler. */
const TIMERS: Timer<MuestraRow, EstadoMuestra, MovimientoMuestra>[] = [
  {
    name: 'sin respuesta',
    in: ['SOLICITADA'],
    field: 'venceAt',
    after: dias(PLAZOS_MUESTRA.respuesta),
    action: 'EXPIRAR',
  },
  { name: 'entrega', in: ['ENVIADA'], field: 'venceAt', after: dias(PLAZOS_MUESTRA.entrega), action: 'ENTREGAR' },
  { name: 'cierre', in: ['ENTREGADA'], field: 'venceAt', after: dias(PLAZOS_MUESTRA.cierre), action: 'CERRAR' },
  {
    name: 'recordatorio de cata',
    in: ['ENTREGADA'],
    field: 'recordatorioAt',
    after: dias(PLAZOS_MUESTRA.recordatorios[0]),
    run: recordarCata,
  },
];
const timersOf = (estado: EstadoMuestra, now: Date) => startTimers({ timers: TIMERS }, estado, now);

/**
 * The sample table (docs/product.md §10), run by src/server/lib/lifecycle.ts (docs/decisions/019, 075). Every sample is
 * born through one of its creating moves (`create(tx, MUESTRA_LIFECYCLE, via, …)`), whoever creates it:
 *
 * | From | Entry point (via) | Action    | Who       | To         | Rules / timer started                           |
 * |------|-------------------|-----------|-----------|------------|-------------------------------------------------|
 * | —    | COMPRADOR         | SOLICITAR | comprador | SOLICITADA | profile, no feedback debt, lot visible and      |
 * |      |                   |           |           |            | offering one, one in progress; expires in 7 d   |
 * | —    | SOLICITUD         | SOLICITAR | comprador | SOLICITADA | profile, no feedback debt, one in progress;     |
 * |      |                   |           |           |            | free, grams of the answer; expires in 7 d       |
 * | —    | PSS               | ENVIAR    | productor | ENVIADA    | an order's pre-shipment sample; delivered 21 d  |
 *
 * | From                 | Action   | Who       | To               | Timer / notes                          |
 * |----------------------|----------|-----------|------------------|----------------------------------------|
 * | SOLICITADA           | ACEPTAR  | productor | ACEPTADA         |                                        |
 * | SOLICITADA           | RECHAZAR | productor | RECHAZADA        | motivo                                 |
 * | SOLICITADA           | EXPIRAR  | sistema   | EXPIRADA         | 7 days without an answer               |
 * | SOLICITADA, ACEPTADA | CANCELAR | comprador | CANCELADA        | not after dispatch                     |
 * | ACEPTADA             | ENVIAR   | productor | ENVIADA          | carrier, tracking; delivered in 21 d;  |
 * |                      |          |           |                  | a box's only with its box (dec. 070)   |
 * | ENVIADA              | RECIBIR  | comprador | ENTREGADA        | reminders +7, +14; closes at +30       |
 * | ENVIADA              | ENTREGAR | sistema   | ENTREGADA        | 21 days after dispatch                 |
 * | ENTREGADA,           | CATAR    | comprador | CATADA           | the sheet (POST /muestras/{id}/cata);  |
 * | CERRADA_SIN_CATA     |          |           |                  | cupping late lifts the feedback debt   |
 * | ENTREGADA            | CERRAR   | sistema   | CERRADA_SIN_CATA | 30 days after delivery                 |
 */
export const MUESTRA_LIFECYCLE = defineLifecycle({
  entidad: 'muestra',
  table: muestras,
  roleOf: (row, userId): RolMuestra | null =>
    row.compradorId === userId ? 'comprador' : row.productorId === userId ? 'productor' : null,
  notFoundMessage: MUESTRA_MESSAGES.NOT_FOUND,
  stateMessages: MUESTRA_MESSAGES.ESTADO,
  roleMessage: (_action, who) =>
    who.includes('productor') ? 'Esta acción corresponde al productor.' : 'Esta acción corresponde al comprador.',
  timers: TIMERS,
  creations: {
    COMPRADOR: {
      action: 'SOLICITAR',
      who: ['comprador'],
      to: 'SOLICITADA',
      guard: reglasDelComprador,
      values: async ({ tx, actor, input }: CreateContext<SolicitudComprador>) => {
        const [lote] = await tx
          .select({ id: lotes.id, productorId: lotes.productorId, muestra: lotes.muestra, moneda: lotes.moneda })
          .from(lotes)
          .where(and(eq(lotes.id, input.body.loteId), eq(lotes.ocultar, false)))
          .limit(1);
        if (!lote) throw notFound('NOT_FOUND', MUESTRA_MESSAGES.LOTE_NOT_FOUND);
        if (!lote.muestra.disponible || !lote.muestra.gramos) throw conflict('CONFLICT', MUESTRA_MESSAGES.SIN_MUESTRA);
        return {
          loteId: lote.id,
          compradorId: userIdOf(actor),
          productorId: lote.productorId,
          tipo: 'OFERTA' as const,
          gramos: lote.muestra.gramos,
          precioCentavos: Math.round((lote.muestra.precio ?? 0) * 100),
          moneda: lote.moneda,
          direccionEnvio: input.body.direccionEnvio as DireccionEnvio,
          mensaje: input.body.mensaje ?? '',
          cajaId: input.cajaId ?? null,
        };
      },
      duplicateMessage: MUESTRA_MESSAGES.YA_SOLICITADA,
      datos: ({ created }: { created: MuestraRow }) => ({ gramos: created.gramos }),
      effects: avisarSolicitada,
    },
    SOLICITUD: {
      action: 'SOLICITAR',
      who: ['comprador'],
      to: 'SOLICITADA',
      guard: reglasDelComprador,
      values: ({ actor, input }: CreateContext<SolicitudDeRespuesta>) => ({
        loteId: input.loteId,
        compradorId: userIdOf(actor),
        productorId: input.productorId,
        tipo: 'OFERTA' as const,
        gramos: input.gramos,
        precioCentavos: 0,
        moneda: input.moneda,
        direccionEnvio: input.direccionEnvio,
        mensaje: `Muestra para la solicitud «${input.solicitudTitulo}».`,
      }),
      duplicateMessage: SOLICITUD_MESSAGES.MUESTRA_EN_CURSO,
      datos: ({ input }: { input: SolicitudDeRespuesta }) => ({
        solicitudId: input.solicitudId,
        respuestaId: input.respuestaId,
      }),
      effects: avisarSolicitada,
    },
    PSS: {
      action: 'ENVIAR',
      who: ['productor'],
      to: 'ENVIADA',
      values: ({ input, now }: CreateContext<EnvioPss>) => ({
        loteId: input.pedido.loteId,
        compradorId: input.pedido.compradorId,
        productorId: input.pedido.productorId,
        tipo: 'PRE_EMBARQUE' as const,
        gramos: GRAMOS_PSS,
        precioCentavos: 0,
        moneda: input.pedido.moneda,
        direccionEnvio: input.direccionEnvio,
        mensaje: `Muestra de preembarque del pedido ${input.pedido.numero}.`,
        transportista: input.transportista ?? null,
        numeroGuia: input.numeroGuia ?? null,
        enviadaAt: now,
      }),
      datos: ({ input }: { input: EnvioPss }) => ({
        pedidoId: input.pedido.id,
        transportista: input.transportista,
        numeroGuia: input.numeroGuia,
      }),
    },
  },
  transitions: [
    {
      action: 'ACEPTAR' as MovimientoMuestra,
      from: ['SOLICITADA'] as EstadoMuestra[],
      who: ['productor'] as RolMuestra[],
      to: 'ACEPTADA' as EstadoMuestra,
      set: () => ({ venceAt: null }),
      effects: async ({ tx, moved }: { tx: DbOrTx; moved: MuestraRow }) => {
        const { lote } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.compradorId,
          tipo: 'MUESTRA_ACEPTADA',
          lote,
          enlace: enlaceComprador(moved),
          ...sobre(moved),
        });
      },
    },
    {
      action: 'RECHAZAR',
      from: ['SOLICITADA'],
      who: ['productor'],
      to: 'RECHAZADA',
      set: ({ input }: { input: MuestraMoveInput }) => ({ venceAt: null, motivoRechazo: input.motivo ?? null }),
      datos: ({ input }) => ({ motivo: input.motivo }),
      effects: async ({ tx, moved }) => {
        const { lote } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.compradorId,
          tipo: 'MUESTRA_RECHAZADA',
          lote,
          motivo: moved.motivoRechazo ?? '',
          enlace: enlaceComprador(moved),
          ...sobre(moved),
        });
      },
    },
    {
      action: 'EXPIRAR',
      from: ['SOLICITADA'],
      who: ['sistema'],
      to: 'EXPIRADA',
      set: () => ({ venceAt: null }),
      effects: async ({ tx, moved }) => {
        const { lote } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.compradorId,
          tipo: 'MUESTRA_EXPIRADA',
          lote,
          enlace: enlaceComprador(moved),
          ...sobre(moved),
        });
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'MUESTRA_EXPIRADA',
          lote,
          enlace: enlaceProductor(moved),
          ...sobre(moved),
        });
      },
    },
    {
      action: 'CANCELAR',
      from: ['SOLICITADA', 'ACEPTADA'],
      who: ['comprador'],
      to: 'CANCELADA',
      set: () => ({ venceAt: null }),
      effects: async ({ tx, moved }) => {
        const { lote, comprador } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'MUESTRA_CANCELADA',
          lote,
          comprador,
          enlace: enlaceProductor(moved),
          ...sobre(moved),
        });
      },
    },
    {
      action: 'ENVIAR',
      from: ['ACEPTADA'],
      who: ['productor'],
      to: 'ENVIADA',
      guard: ({ row, input }) => (row.cajaId && !input.caja ? CAJA_MESSAGES.EN_CAJA : undefined),
      set: ({ input, now }) => ({
        transportista: input.transportista ?? null,
        numeroGuia: input.numeroGuia ?? null,
        enviadaAt: now,
        ...timersOf('ENVIADA', now),
      }),
      datos: ({ input }) => ({
        transportista: input.transportista,
        numeroGuia: input.numeroGuia,
        imagen: input.imagen ?? null,
      }),
      effects: async ({ tx, moved }) => {
        const { lote } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.compradorId,
          tipo: 'MUESTRA_ENVIADA',
          lote,
          transportista: moved.transportista ?? '',
          numeroGuia: moved.numeroGuia ?? '',
          enlace: enlaceComprador(moved),
          ...sobre(moved),
        });
      },
    },
    ...(['RECIBIR', 'ENTREGAR'] as const).map((action) => ({
      action: action as MovimientoMuestra,
      from: ['ENVIADA'] as EstadoMuestra[],
      who: (action === 'RECIBIR' ? ['comprador'] : ['sistema']) as ('comprador' | 'sistema')[],
      to: 'ENTREGADA' as EstadoMuestra,
      set: ({ now }: { now: Date }) => ({ entregadaAt: now, ...timersOf('ENTREGADA', now) }),
      effects: async ({ tx, moved }: { tx: DbOrTx; moved: MuestraRow }) => {
        const { lote, comprador } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'MUESTRA_ENTREGADA',
          lote,
          comprador,
          enlace: enlaceProductor(moved),
          ...sobre(moved),
        });
      },
    })),
    {
      action: 'CATAR',
      from: ['ENTREGADA', 'CERRADA_SIN_CATA'],
      who: ['comprador'],
      to: 'CATADA',
      set: () => ({ venceAt: null, recordatorioAt: null }),
      datos: ({ input }) => ({ puntajeTotal: input.cata?.puntajeTotal, decision: input.cata?.decision }),
      effects: async ({ tx, moved, input }) => {
        const { lote, comprador } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'MUESTRA_CATADA',
          lote,
          comprador,
          puntaje: (input.cata?.puntajeTotal ?? 0).toFixed(2).replace('.', ','),
          decision: input.cata?.decision ? DECISION_CATA_LABELS[input.cata.decision].toLowerCase() : 'sin decisión',
          enlace: enlaceProductor(moved),
          ...sobre(moved),
        });
      },
    },
    {
      action: 'CERRAR',
      from: ['ENTREGADA'],
      who: ['sistema'],
      to: 'CERRADA_SIN_CATA',
      set: () => ({ venceAt: null, recordatorioAt: null }),
      effects: async ({ tx, moved }) => {
        const { lote } = await nombres(tx, moved);
        await notify(tx, {
          userId: moved.compradorId,
          tipo: 'MUESTRA_CERRADA_SIN_CATA',
          lote,
          enlace: enlaceComprador(moved),
          ...sobre(moved),
        });
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'MUESTRA_CERRADA_SIN_CATA',
          lote,
          enlace: enlaceProductor(moved),
          ...sobre(moved),
        });
      },
    },
  ],
});
