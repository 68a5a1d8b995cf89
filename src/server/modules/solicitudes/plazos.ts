import type { Task } from '../../scheduler';
import { timersTask } from '../../lib/lifecycle';
import { SOLICITUD_LIFECYCLE } from './lifecycle';
import { enviarResumenes } from './service';

export const SOLICITUDES_TASK = 'solicitudes.cierre';
export const RESUMEN_TASK = 'solicitudes.resumen';

/**
 * The request table's timer (declared in ./lifecycle.ts, decision 075): an open request whose closing date passed
 * moves to EXPIRADA (a `sistema` move), through the generic sweep.
 */
export const solicitudesTask = timersTask(SOLICITUDES_TASK, SOLICITUD_LIFECYCLE);

/** The producers' daily digest of new matching requests: once an hour at most, each producer once a day. */
export const resumenTask: Task = {
  name: RESUMEN_TASK,
  everyMs: 60 * 60 * 1000,
  run: ({ db, now }) => enviarResumenes(db, now),
};
