import { Worker } from 'node:worker_threads';

/** How long a graceful shutdown may take, whatever happens to the requests in flight, the database or stdout. */
export const SHUTDOWN_BOUND_MS = 15_000;

/**
 * Ends this process with SIGKILL after `ms`, from a thread of its own: a timer of the main thread does not fire
 * while that thread is stuck in something synchronous (a write to a terminal that stopped reading, a native call),
 * and that is exactly when a shutdown overruns. The thread is unref'd: a process that finishes its shutdown in
 * time exits without waiting for it. It starts and fires even if the main thread blocks right after calling this.
 */
export function startExitWatchdog(ms: number): Worker {
  // Read as a script or a module alike, and without the process's own flags (`--import tsx`, `--input-type`).
  const worker = new Worker(
    `const { workerData } = process.getBuiltinModule('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
    { eval: true, execArgv: [], workerData: { pid: process.pid, ms }, stdout: true, stderr: true },
  );
  // A watchdog that failed to start must not end the shutdown it guards: the main thread's own timer remains.
  worker.on('error', () => {});
  worker.unref();
  return worker;
}
