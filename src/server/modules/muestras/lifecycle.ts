import { eq } from 'drizzle-orm';
import {
  CAJA_MESSAGES,
  DECISION_CATA_LABELS,
  MUESTRA_MESSAGES,
  PLAZOS_MUESTRA,
  type EstadoMuestra,
  type MovimientoMuestra,
} from '../../../contract/muestras';
import type { DbOrTx } from '../../db/client';
import { DAY } from '../../clock';
import { compradorPerfiles, lotes, muestras, users } from '../../db/schema';
import { defineLifecycle } from '../../lib/lifecycle';
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
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

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

/**
 * The sample table (docs/product.md §10), run by src/server/lib/lifecycle.ts (docs/decisions/019). SOLICITAR, the creating
 * move, is in ./service.ts (it inserts the row); every other move is here.
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
        venceAt: plus(now, dias(PLAZOS_MUESTRA.entrega)),
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
      set: ({ now }: { now: Date }) => ({
        entregadaAt: now,
        venceAt: plus(now, dias(PLAZOS_MUESTRA.cierre)),
        recordatorioAt: plus(now, dias(PLAZOS_MUESTRA.recordatorios[0])),
      }),
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
