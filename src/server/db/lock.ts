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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock on its data folder and two writers silently lose data, so the server
 * takes one: a pid file created exclusively. A file left by a dead process is taken over.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const file = path.join(dir, 'cereza.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
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
