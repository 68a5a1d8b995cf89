import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Otro proceso (pid ${pid}) ya usa la base de datos embebida de ${dir}. ` +
        'PGlite no admite dos procesos sobre la misma carpeta: detén el otro servidor o usa otro DATA_DIR.',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * A process's state and start time (clock ticks since boot) from /proc, or undefined where there is no /proc. The
 * start time tells the pid's holder from a later process that got the same pid (after a reboot); a zombie ("Z": a
 * process killed and not yet reaped, the second after a SIGKILL) holds nothing any more.
 */
function procStat(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] };
  } catch {
    return undefined;
  }
}

/** Whether `pid` is still the live process that wrote the lock (`start`: its start time, when the file has one). */
function holds(pid: number, start: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return start === undefined || stat.start === start;
}

const ownStart = () => procStat(process.pid)?.start;

/** A holder being killed may take a moment to become a zombie: how long a start waits for it, at most. */
const DYING_HOLDER_WAIT_MS = 3_000;

/** `holds`, giving a holder that is dying up to DYING_HOLDER_WAIT_MS to let go (start-up only: a blocking wait). */
function holdsAfterWait(pid: number, start: string | undefined): boolean {
  const until = Date.now() + DYING_HOLDER_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (holds(pid, start)) {
    if (Date.now() >= until) return true;
    Atomics.wait(pause, 0, 0, 50);
  }
  return false;
}

/**
 * PGlite takes no lock on its data folder and two writers silently lose data, so the server
 * takes one: a pid file created exclusively, holding the pid and its start time. A file left by a dead process is
 * taken over — one killed and not yet reaped (a zombie) counts as dead, so a supervisor's restart right after a
 * SIGKILL succeeds, and a live process that only reuses the pid (after a reboot) does not hold it.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const file = path.join(dir, 'cereza.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const start = ownStart();
      writeSync(fd, start ? `${process.pid} ${start}` : String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim().split(' ')[0] === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, start] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number.parseInt(pidText, 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && holdsAfterWait(pid, start)) {
        throw new DataDirLockedError(dir, pid);
      }
      // Stale lock from a process that died (SIGKILL, power loss): remove it and try again.
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first
      }
    }
  }
  throw new DataDirLockedError(dir, -1);
}
