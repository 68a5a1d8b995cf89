import { eq } from 'drizzle-orm';
import {
  LABORATORIO_MESSAGES,
  PUNTAJE_VERIFICACION,
  puntos,
  type EnvioLaboratorio,
  type MovimientoLote,
} from '../../../contract/laboratorio';
import type { LoteStatus } from '../../../contract/lotes';
import type { DbOrTx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { productorPerfiles, users } from '../../db/schema/users';
import { defineLifecycle } from '../../lib/lifecycle';
import { notify, notifyMany } from '../notificaciones';
import { lineasDireccionLaboratorio } from '../../../contract/ajustes';
import { getDireccionLaboratorio } from '../ajustes';
import { lotesChanged } from '../lotes';
import { PAGINAS } from '../../../contract/paginas';

export type LoteRow = typeof lotes.$inferSelect;
export type RolLote = 'productor' | 'laboratorio';

/** What a move may carry: ENVIAR's carrier and tracking, or the lab's verdict from its sheet. */
export interface LoteMoveInput {
  transportista?: string;
  numeroGuia?: string;
  imagen?: string | null;
  cata?: { puntajeTotal: number; comentario: string };
}

const enlaceProductor = PAGINAS.productor.lotes;
const sobre = (l: LoteRow) => ({ entidad: 'lote', entidadId: l.id });

/** Every lab account hears of a sample on its way. */
async function laboratorios(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.tipoUser, 'LABORATORIO'));
  return rows.map((r) => r.id);
}

async function nombreProductor(tx: DbOrTx, productorId: string): Promise<string> {
  const [p] = await tx
    .select({ nombre: productorPerfiles.nombre })
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, productorId))
    .limit(1);
  return p?.nombre || 'Un productor';
}

/**
 * The lot's quality control (TRADE.md "The quality lab", docs/product.md's lot status, docs/decisions/023), run by
 * src/server/lib/lifecycle.ts (decision 019) on the lots' own `status` column. Every move also says
 * `lotesChanged` so that the catalogue and the cache show the new state.
 *
 * | From                  | Action    | Who         | To          | Notes                                          |
 * |-----------------------|-----------|-------------|-------------|------------------------------------------------|
 * | POR_ENVIAR, RECHAZADO | ENVIAR    | productor   | POR_ENVIAR  | carrier, tracking, photo; again = correction   |
 * | POR_ENVIAR            | RECIBIR   | laboratorio | EN_REVISION | only a sample that was sent                    |
 * | EN_REVISION           | VERIFICAR | laboratorio | VERIFICADO  | the sheet, total ≥ 80: the lot's `puntaje`     |
 * | EN_REVISION           | RECHAZAR  | laboratorio | RECHAZADO   | the sheet, total < 80: the reason              |
 * | VERIFICADO            | REABRIR   | productor   | POR_ENVIAR  | editing origin, process, variety, harvest…     |
 *
 * The lab is a party of a lot once its sample was sent to it (`envioLaboratorio`); before that, and for any
 * other account but the lot's producer, the lot is a 404 here.
 */
export const LOTE_LIFECYCLE = defineLifecycle({
  entidad: 'lote',
  table: lotes,
  estadoKey: 'status',
  roleOf: (row, userId, actor): RolLote | null => {
    if (actor?.tipoUser === 'LABORATORIO') return row.envioLaboratorio ? 'laboratorio' : null;
    return row.productorId === userId ? 'productor' : null;
  },
  notFoundMessage: LABORATORIO_MESSAGES.NOT_FOUND,
  stateMessages: LABORATORIO_MESSAGES.ESTADO,
  roleMessage: (_action, who) =>
    who.includes('laboratorio') ? LABORATORIO_MESSAGES.SOLO_LABORATORIO : LABORATORIO_MESSAGES.SOLO_PRODUCTOR,
  transitions: [
    {
      action: 'ENVIAR' as MovimientoLote,
      from: ['POR_ENVIAR', 'RECHAZADO'] as LoteStatus[],
      who: ['productor'] as RolLote[],
      to: 'POR_ENVIAR' as LoteStatus,
      set: ({ input, now }: { input: LoteMoveInput; now: Date }) => ({
        envioLaboratorio: {
          transportista: input.transportista ?? '',
          numeroGuia: input.numeroGuia ?? '',
          imagen: input.imagen ?? null,
          enviadaAt: now.toISOString(),
        } satisfies EnvioLaboratorio,
      }),
      datos: ({ input }) => ({
        transportista: input.transportista,
        numeroGuia: input.numeroGuia,
        imagen: input.imagen ?? null,
      }),
      effects: async ({ tx, moved, input }) => {
        await lotesChanged(tx, [moved.id]);
        await notifyMany(tx, await laboratorios(tx), {
          tipo: 'LOTE_MUESTRA_ENVIADA',
          lote: moved.nombre,
          productor: await nombreProductor(tx, moved.productorId),
          transportista: input.transportista ?? '',
          numeroGuia: input.numeroGuia ?? '',
          enlace: PAGINAS.laboratorio.inicio,
          ...sobre(moved),
        });
      },
    },
    {
      action: 'RECIBIR',
      from: ['POR_ENVIAR'],
      who: ['laboratorio'],
      to: 'EN_REVISION',
      effects: async ({ tx, moved }) => {
        await lotesChanged(tx, [moved.id]);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'LOTE_EN_REVISION',
          lote: moved.nombre,
          enlace: enlaceProductor,
          ...sobre(moved),
        });
      },
    },
    {
      action: 'VERIFICAR',
      from: ['EN_REVISION'],
      who: ['laboratorio'],
      to: 'VERIFICADO',
      guard: ({ input }) =>
        input.cata && input.cata.puntajeTotal >= PUNTAJE_VERIFICACION
          ? undefined
          : `Un lote se verifica con ${PUNTAJE_VERIFICACION} puntos o más.`,
      set: ({ input }) => ({ puntaje: input.cata!.puntajeTotal, motivoRechazo: null }),
      datos: ({ input }) => ({ puntajeTotal: input.cata?.puntajeTotal }),
      effects: async ({ tx, moved, input }) => {
        await lotesChanged(tx, [moved.id]);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'LOTE_VERIFICADO',
          lote: moved.nombre,
          puntaje: puntos(input.cata!.puntajeTotal),
          enlace: `/lote/${moved.id}`,
          ...sobre(moved),
        });
      },
    },
    {
      action: 'RECHAZAR',
      from: ['EN_REVISION'],
      who: ['laboratorio'],
      to: 'RECHAZADO',
      guard: ({ input }) =>
        input.cata && input.cata.puntajeTotal < PUNTAJE_VERIFICACION
          ? undefined
          : `Un lote con ${PUNTAJE_VERIFICACION} puntos o más se verifica.`,
      set: ({ input }) => ({
        motivoRechazo: LABORATORIO_MESSAGES.motivo(puntos(input.cata!.puntajeTotal), input.cata!.comentario),
      }),
      datos: ({ input }) => ({ puntajeTotal: input.cata?.puntajeTotal }),
      effects: async ({ tx, moved, input }) => {
        await lotesChanged(tx, [moved.id]);
        await notify(tx, {
          userId: moved.productorId,
          tipo: 'LOTE_RECHAZADO',
          lote: moved.nombre,
          puntaje: puntos(input.cata!.puntajeTotal),
          motivo: moved.motivoRechazo ?? '',
          direccion: lineasDireccionLaboratorio(await getDireccionLaboratorio(tx)).join(', '),
          enlace: enlaceProductor,
          ...sobre(moved),
        });
      },
    },
    {
      action: 'REABRIR',
      from: ['VERIFICADO'],
      who: ['productor'],
      to: 'POR_ENVIAR',
      set: () => ({ envioLaboratorio: null }),
      effects: async ({ tx, moved }) => {
        await lotesChanged(tx, [moved.id]);
      },
    },
  ],
});
