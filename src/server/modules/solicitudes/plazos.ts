import { and, asc, eq, lte } from 'drizzle-orm';
import { solicitudes } from '../../db/schema/abastecimiento';
import { sweepDue, type Task } from '../../scheduler';
import { enviarResumenes, expirarSolicitud } from './service';

export const SOLICITUDES_TASK = 'solicitudes.cierre';
export const RESUMEN_TASK = 'solicitudes.resumen';

/** An open request whose closing date passed moves to EXPIRADA (a `sistema` move of the table). */
export const solicitudesTask: Task = {
  name: SOLICITUDES_TASK,
  run: ({ db, now, log, signal }) =>
    sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select({ id: solicitudes.id })
          .from(solicitudes)
          .where(and(eq(solicitudes.estado, 'ABIERTA'), lte(solicitudes.cierraAt, now)))
          .orderBy(asc(solicitudes.cierraAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      handle: async (tx, s) => {
        await expirarSolicitud(tx, s.id, now);
      },
    }),
};

/** The producers' daily digest of new matching requests: once an hour at most, each producer once a day. */
export const resumenTask: Task = {
  name: RESUMEN_TASK,
  everyMs: 60 * 60 * 1000,
  run: ({ db, now }) => enviarResumenes(db, now),
};
