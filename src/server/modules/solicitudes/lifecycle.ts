import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  SOLICITUD_MESSAGES,
  type EstadoRespuesta,
  type EstadoSolicitud,
  type MovimientoRespuesta,
  type MovimientoSolicitud,
} from '../../../contract/solicitudes';
import type { DbOrTx, Tx } from '../../db/client';
import { respuestas, solicitudes } from '../../db/schema/abastecimiento';
import { lotes } from '../../db/schema/lotes';
import { productorPerfiles, users } from '../../db/schema/users';
import { reservarPedido } from '../pedidos';
import { createPrivateLote, type LotePrivado } from '../lotes';
import { defineLifecycle, transition, writeEvento, type CreateContext } from '../../lib/lifecycle';
import { forbidden } from '../../errors';
import { notify } from '../notificaciones';
import { PAGINAS } from '../../../contract/paginas';

export type SolicitudRow = typeof solicitudes.$inferSelect;
export type RespuestaRow = typeof respuestas.$inferSelect;
export type RolSolicitud = 'comprador' | 'productor';

export const enlaceCompradorSolicitud = (id: string) => PAGINAS.comprador.solicitudes(id);
export const enlaceProductorSolicitud = (id: string) => PAGINAS.productor.solicita(id);

/**
 * The sourcing request's table (issue 13, TRADE.md), run by src/server/lib/lifecycle.ts (decision 019); its
 * creation and its closing date are the table's too (decision 075). Editing is allowed in BORRADOR only (a guarded
 * update in ./service.ts).
 *
 * | From              | Action    | Who       | To        | Notes                                            |
 * |-------------------|-----------|-----------|-----------|--------------------------------------------------|
 * | —                 | CREAR     | comprador | BORRADOR  | the buyer's profile is complete (403 otherwise)  |
 * | BORRADOR          | PUBLICAR  | comprador | ABIERTA   | the closing date must be in the future           |
 * | ABIERTA           | CERRAR    | comprador | CERRADA   | not awarded; live answers → NO_ELEGIDA           |
 * | ABIERTA           | ADJUDICAR | comprador | CERRADA   | taken by accepting an answer (RespuestaTable)    |
 * | BORRADOR, ABIERTA | CANCELAR  | comprador | CANCELADA | live answers → NO_ELEGIDA                        |
 * | ABIERTA           | EXPIRAR   | sistema   | EXPIRADA  | the closing date passed (timer on `cierraAt`)    |
 */
export const SOLICITUD_LIFECYCLE = defineLifecycle({
  entidad: 'solicitud',
  table: solicitudes,
  roleOf: (row, userId): RolSolicitud | null => (row.compradorId === userId ? 'comprador' : null),
  notFoundMessage: SOLICITUD_MESSAGES.NOT_FOUND,
  stateMessages: SOLICITUD_MESSAGES.ESTADO,
  roleMessage: () => 'Esta acción corresponde al comprador.',
  transitions: [
    {
      action: 'PUBLICAR' as MovimientoSolicitud,
      from: ['BORRADOR'] as EstadoSolicitud[],
      who: ['comprador'] as RolSolicitud[],
      to: 'ABIERTA' as EstadoSolicitud,
      guard: ({ row, now }: { row: SolicitudRow; now: Date }) =>
        row.cierraAt.getTime() <= now.getTime() ? SOLICITUD_MESSAGES.CIERRE_PASADO : undefined,
      set: ({ now }: { now: Date }) => ({ publicadaAt: now }),
    },
    {
      action: 'CERRAR',
      from: ['ABIERTA'],
      who: ['comprador'],
      to: 'CERRADA',
      effects: ({ tx, moved, now }) => noElegidas(tx, moved, now, null),
    },
    {
      action: 'ADJUDICAR',
      from: ['ABIERTA'],
      who: ['comprador'],
      to: 'CERRADA',
      set: () => ({ adjudicada: true }),
    },
    {
      action: 'CANCELAR',
      from: ['BORRADOR', 'ABIERTA'],
      who: ['comprador'],
      to: 'CANCELADA',
      effects: ({ tx, moved, now }) => noElegidas(tx, moved, now, null),
    },
    {
      action: 'EXPIRAR',
      from: ['ABIERTA'],
      who: ['sistema'],
      to: 'EXPIRADA',
      effects: async ({ tx, moved, now }) => {
        await noElegidas(tx, moved, now, null);
        await notify(tx, {
          userId: moved.compradorId,
          tipo: 'SOLICITUD_EXPIRADA',
          solicitud: moved.titulo,
          enlace: enlaceCompradorSolicitud(moved.id),
          entidad: 'solicitud',
          entidadId: moved.id,
        });
      },
    },
  ],
  creations: {
    COMPRADOR: {
      action: 'CREAR',
      who: ['comprador'],
      to: 'BORRADOR',
      guard: ({ input }: CreateContext<SolicitudNueva>) => {
        if (!input.perfilBase) throw forbidden('PROFILE_REQUIRED', SOLICITUD_MESSAGES.PERFIL_REQUERIDO);
        return undefined;
      },
      values: ({ actor, input, now }: CreateContext<SolicitudNueva>) => ({
        ...input.columnas,
        compradorId: 'userId' in actor ? actor.userId : '',
        createdAt: now,
        updatedAt: now,
      }),
    },
  },
  timers: [{ name: 'ABIERTA: cierre', in: ['ABIERTA'], field: 'cierraAt', action: 'EXPIRAR' }],
});

/** What the buyer's creation receives: whether his profile is complete, and the request's columns from his form. */
export interface SolicitudNueva {
  perfilBase: boolean;
  columnas: Omit<typeof solicitudes.$inferInsert, 'compradorId' | 'estado' | 'createdAt' | 'updatedAt'>;
}

/** When a request closes, every live answer but the accepted one ends NO_ELEGIDA (an event each, a notice each). */
async function noElegidas(tx: DbOrTx, s: SolicitudRow, now: Date, aceptadaId: string | null) {
  const vivas: EstadoRespuesta[] = ['ENVIADA', 'PRESELECCIONADA'];
  const conds = [eq(respuestas.solicitudId, s.id), inArray(respuestas.estado, vivas)];
  if (aceptadaId) conds.push(ne(respuestas.id, aceptadaId));
  const rows = await tx
    .update(respuestas)
    .set({ estado: 'NO_ELEGIDA', updatedAt: now })
    .where(and(...conds))
    .returning({ id: respuestas.id, productorId: respuestas.productorId });
  for (const r of rows) {
    await writeEvento(tx, {
      entidad: 'respuesta',
      entidadId: r.id,
      accion: 'NO_ELEGIR',
      desde: null,
      hacia: 'NO_ELEGIDA',
      actor: { sistema: true },
      actorRol: 'sistema',
      at: now,
    });
    if (s.adjudicada || aceptadaId) {
      await notify(tx, {
        userId: r.productorId,
        tipo: 'RESPUESTA_NO_ELEGIDA',
        solicitud: s.titulo,
        enlace: enlaceProductorSolicitud(s.id),
        entidad: 'solicitud',
        entidadId: s.id,
      });
    }
  }
}

/**
 * The order of an accepted answer (TRADE.md: "accepts one answer, which becomes an order (RESERVADO) on the
 * proposed terms"): reserved through the orders module's reservation (the same conditional stock update, the
 * lot's minimum, 409 when bags are missing) with the answer's price and window from the start, so the RESERVAR
 * event records the total the buyer accepted, and linked to the request and to its planner line, all in the
 * accept's transaction. A proposal without a published lot first gets its private lot (docs/decisions/039).
 */
async function createPedido(tx: Tx, r: RespuestaRow, s: SolicitudRow, now: Date): Promise<string> {
  const [comprador] = await tx.select().from(users).where(eq(users.id, r.compradorId)).limit(1);
  const { loteId, privado } = await loteDeRespuesta(tx, r, s, now);
  const pedido = await reservarPedido(
    tx,
    comprador,
    { loteId, sacos: r.sacos, ...(s.lugarEntrega ? { lugarEntrega: s.lugarEntrega } : {}) },
    now,
    {
      precioKgCentavos: r.precioKgCentavos,
      ventanaEmbarque: r.ventanaEmbarque,
      solicitudId: s.id,
      planLineaId: s.planLineaId,
      loteOculto: privado,
    },
  );
  return pedido.id;
}

/**
 * The lot an answer is about. A proposal without a published lot gets, the first time the buyer asks its sample or
 * accepts it, a private lot of the producer made of exactly what he proposed (origin, process, score, bags, bag
 * weight, price, currency, window, sample grams): hidden from the catalogue (`ocultar`), so only the parties of
 * its sample and order read it, and the answer points to it from then on (docs/decisions/039).
 */
export async function loteDeRespuesta(
  tx: Tx,
  r: RespuestaRow,
  s: Pick<SolicitudRow, 'id' | 'titulo' | 'incoterm'>,
  now: Date,
): Promise<{ loteId: string; privado: boolean }> {
  if (r.loteId) {
    const [l] = await tx.select({ ocultar: lotes.ocultar }).from(lotes).where(eq(lotes.id, r.loteId)).limit(1);
    return { loteId: r.loteId, privado: l?.ocultar ?? false };
  }
  const [perfil] = await tx
    .select({ region: productorPerfiles.region, pais: productorPerfiles.pais })
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, r.productorId))
    .limit(1);
  const pais = r.pais ?? perfil?.pais ?? 'CO';
  const nombre = `Propuesta para «${s.titulo}»`.slice(0, 120);
  const loteId = await createPrivateLote(
    tx,
    {
      productorId: r.productorId,
      codigo: `PROPUESTA-${r.id.slice(0, 8).toUpperCase()}`,
      nombre,
      descripcion: r.mensaje,
      pais,
      region: pais === perfil?.pais ? perfil.region : pais,
      proceso: (r.proceso ?? 'LAVADO') as LotePrivado['proceso'],
      puntaje: r.puntaje,
      sacos: r.sacos,
      pesoSacoKg: r.pesoSacoKg as LotePrivado['pesoSacoKg'],
      precioKg: r.precioKgCentavos / 100,
      moneda: r.moneda as LotePrivado['moneda'],
      incoterm: s.incoterm as LotePrivado['incoterm'],
      ventanaEmbarque: r.ventanaEmbarque,
      gramosMuestra: r.gramosMuestra ?? 250,
    },
    now,
  );
  await tx.update(respuestas).set({ loteId, updatedAt: now }).where(eq(respuestas.id, r.id));
  return { loteId, privado: true };
}

export interface RespuestaMoveInput {
  muestraId?: string;
}

/**
 * The answer's table. RESPONDER (→ ENVIADA) is the insert in ./service.ts; the producer edits it while ENVIADA.
 *
 * | From                      | Action         | Who       | To              | Notes                                   |
 * |---------------------------|----------------|-----------|-----------------|-----------------------------------------|
 * | ENVIADA                   | RETIRAR        | productor | RETIRADA        |                                         |
 * | ENVIADA                   | PRESELECCIONAR | comprador | PRESELECCIONADA | request open; the producer is told      |
 * | ENVIADA, PRESELECCIONADA  | DESCARTAR      | comprador | DESCARTADA      |                                         |
 * | PRESELECCIONADA           | PEDIR_MUESTRA  | comprador | PRESELECCIONADA | a sample of the answer's lot, linked    |
 * | ENVIADA, PRESELECCIONADA  | ACEPTAR        | comprador | ACEPTADA        | the request ADJUDICAR (one wins), the   |
 * |                           |                |           |                 | others NO_ELEGIDA, the order RESERVADO  |
 */
export const RESPUESTA_LIFECYCLE = defineLifecycle({
  entidad: 'respuesta',
  table: respuestas,
  roleOf: (row, userId): RolSolicitud | null =>
    row.compradorId === userId ? 'comprador' : row.productorId === userId ? 'productor' : null,
  notFoundMessage: SOLICITUD_MESSAGES.RESPUESTA_NOT_FOUND,
  stateMessages: SOLICITUD_MESSAGES.ESTADO_RESPUESTA,
  roleMessage: (_a, who) =>
    who.includes('productor') ? 'Esta acción corresponde al productor.' : 'Esta acción corresponde al comprador.',
  transitions: [
    {
      action: 'RETIRAR' as MovimientoRespuesta,
      from: ['ENVIADA'] as EstadoRespuesta[],
      who: ['productor'] as RolSolicitud[],
      to: 'RETIRADA' as EstadoRespuesta,
    },
    {
      action: 'PRESELECCIONAR',
      from: ['ENVIADA'],
      who: ['comprador'],
      to: 'PRESELECCIONADA',
      guard: async ({ tx, row }: { tx: Tx; row: RespuestaRow }) => abierta(tx, row.solicitudId),
      effects: async ({ tx, moved }: { tx: Tx; moved: RespuestaRow }) => {
        const s = await solicitudDe(tx, moved.solicitudId);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'RESPUESTA_PRESELECCIONADA',
          solicitud: s.titulo,
          enlace: enlaceProductorSolicitud(s.id),
          entidad: 'solicitud',
          entidadId: s.id,
        });
      },
    },
    {
      action: 'DESCARTAR',
      from: ['ENVIADA', 'PRESELECCIONADA'],
      who: ['comprador'],
      to: 'DESCARTADA',
    },
    {
      action: 'PEDIR_MUESTRA',
      from: ['PRESELECCIONADA'],
      who: ['comprador'],
      to: 'PRESELECCIONADA',
      guard: ({ row }) => (row.muestraId ? SOLICITUD_MESSAGES.MUESTRA_YA_PEDIDA : undefined),
      set: ({ input }: { input: RespuestaMoveInput }) => ({ muestraId: input.muestraId ?? null }),
      datos: ({ input }) => ({ muestraId: input.muestraId }),
    },
    {
      action: 'ACEPTAR',
      from: ['ENVIADA', 'PRESELECCIONADA'],
      who: ['comprador'],
      to: 'ACEPTADA',
      effects: async ({ tx, moved, now, actor }) => {
        // The request is awarded by its own guarded move: of two answers accepted at once, one wins.
        const { row: s } = await transition(tx, SOLICITUD_LIFECYCLE, {
          id: moved.solicitudId,
          action: 'ADJUDICAR',
          actor,
          input: {},
          now,
          desde: 'ABIERTA',
        });
        await noElegidas(tx, s, now, moved.id);
        const pedidoId = await createPedido(tx, moved, s, now);
        await tx.update(respuestas).set({ pedidoId }).where(eq(respuestas.id, moved.id));
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'RESPUESTA_ACEPTADA',
          solicitud: s.titulo,
          enlace: enlaceProductorSolicitud(s.id),
          entidad: 'solicitud',
          entidadId: s.id,
        });
      },
    },
  ],
});

async function solicitudDe(tx: DbOrTx, id: string): Promise<SolicitudRow> {
  const [s] = await tx.select().from(solicitudes).where(eq(solicitudes.id, id)).limit(1);
  return s;
}

async function abierta(tx: DbOrTx, solicitudId: string): Promise<string | undefined> {
  const s = await solicitudDe(tx, solicitudId);
  return s.estado === 'ABIERTA' ? undefined : SOLICITUD_MESSAGES.ESTADO[s.estado];
}
