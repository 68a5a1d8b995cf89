import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { PLAZOS_MUESTRA, type EstadoMuestra } from '../../../contract/muestras';
import { DAY } from '../../clock';
import { lotes, muestras } from '../../db/schema';
import { sweepDue, type Task } from '../../scheduler';
import { notify } from '../notificaciones';
import { moverPorPlazo } from './service';
import { PAGINAS } from '../../../contract/paginas';

/** The timer of each state that has one (docs/product.md §10–11): what happens when its `venceAt` passes. */
const AL_VENCER = { SOLICITADA: 'EXPIRAR', ENVIADA: 'ENTREGAR', ENTREGADA: 'CERRAR' } as const satisfies Partial<
  Record<EstadoMuestra, 'EXPIRAR' | 'ENTREGAR' | 'CERRAR'>
>;
const CON_PLAZO = Object.keys(AL_VENCER) as (keyof typeof AL_VENCER)[];

export const MUESTRAS_TASK = 'muestras.plazos';

/**
 * The sample table's timers, run by the scheduler every minute (docs/decisions/012): expiry after 7 days without
 * an answer, delivery 21 days after dispatch, closing 30 days after delivery without a cupping (each a `sistema`
 * move of the table), and the reminders to cup at +7 and +14 days after delivery (not a move: a notification and
 * the next reminder's due time).
 */
export const muestrasTask: Task = {
  name: MUESTRAS_TASK,
  async run({ db, now, log, signal }) {
    const movidas = await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select({ id: muestras.id, estado: muestras.estado })
          .from(muestras)
          .where(and(inArray(muestras.estado, CON_PLAZO), lte(muestras.venceAt, now)))
          .orderBy(asc(muestras.venceAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      handle: async (tx, m) => {
        await moverPorPlazo(tx, m.id, AL_VENCER[m.estado as keyof typeof AL_VENCER], now);
      },
    });
    const recordadas = await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select({
            id: muestras.id,
            compradorId: muestras.compradorId,
            entregadaAt: muestras.entregadaAt,
            lote: lotes.nombre,
          })
          .from(muestras)
          .innerJoin(lotes, eq(lotes.id, muestras.loteId))
          .where(
            and(
              eq(muestras.estado, 'ENTREGADA'),
              isNotNull(muestras.recordatorioAt),
              lte(muestras.recordatorioAt, now),
            ),
          )
          .orderBy(asc(muestras.recordatorioAt))
          .limit(limit)
          .for('update', { of: muestras, skipLocked: true }),
      handle: async (tx, m) => {
        const entregada = m.entregadaAt ?? now;
        const dias = Math.floor((now.getTime() - entregada.getTime()) / DAY);
        const siguiente = PLAZOS_MUESTRA.recordatorios.find((d) => d > dias);
        await tx
          .update(muestras)
          .set({ recordatorioAt: siguiente ? new Date(entregada.getTime() + siguiente * DAY) : null })
          .where(eq(muestras.id, m.id));
        await notify(tx, {
          userId: m.compradorId,
          tipo: 'MUESTRA_RECORDATORIO',
          lote: m.lote,
          dias,
          enlace: PAGINAS.comprador.muestras(m.id),
          entidad: 'muestra',
          entidadId: m.id,
        });
      },
    });
    return movidas + recordadas;
  },
};
