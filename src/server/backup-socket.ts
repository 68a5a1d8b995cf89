import { existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AppConfig } from './config';
import { BackupError, createBackup, type BackupManifest, type BackupTarget } from './backup';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import type { Storage } from './storage/index';

/*
 * A backup of the embedded database while the server runs (docs/decisions/063). PGlite belongs to one process
 * (decision 043): `npm run backup` cannot open the folder the server holds, and copying its files from outside would
 * not be consistent. So the server takes the backup itself, through its own connection, when asked on a Unix socket
 * in DATA_DIR: only the server's own user (and root) can reach it (the folder is 0700, the socket 0600), so it needs
 * no token and is never on the network. PGlite's dump holds the database's query lock while it copies the folder:
 * requests wait those seconds, then go on.
 */

/** The socket's path: DATA_DIR/copia.sock. */
export const backupSocketPath = (dataDir: string): string => path.join(dataDir, 'copia.sock');

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Answers `{"archivo": "/abs/path.tar"}` lines with the backup's manifest, one backup at a time. */
export async function serveBackups(target: BackupTarget, log: Log): Promise<{ close(): Promise<void> }> {
  const file = backupSocketPath(target.config.dataDir);
  // This process holds the data folder's lock: a socket left there is a dead server's.
  if (existsSync(file)) unlinkSync(file);
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n') || input.length > 10_000) return;
      const line = input.slice(0, input.indexOf('\n'));
      input = '';
      const answer = (body: object) => socket.end(`${JSON.stringify(body)}\n`);
      let archivo: unknown;
      try {
        archivo = (JSON.parse(line) as { archivo?: unknown }).archivo;
      } catch {
        archivo = undefined;
      }
      if (typeof archivo !== 'string' || !path.isAbsolute(archivo)) {
        answer({ error: 'Petición no válida: se espera {"archivo": "/ruta/absoluta.tar"}.' });
        return;
      }
      const job = queue.then(async () => {
        const started = Date.now();
        const manifest = await createBackup(target, archivo);
        log.info({ file: archivo, ms: Date.now() - started, files: manifest.archivos.length }, 'backup written');
        return manifest;
      });
      queue = job.catch(() => {});
      job.then(
        (manifest) => answer({ manifest }),
        (err: unknown) => {
          log.warn({ err, file: archivo }, 'backup failed');
          answer({ error: err instanceof BackupError ? err.message : `La copia falló: ${(err as Error).message}` });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      if (existsSync(file)) unlinkSync(file);
    },
  };
}

/** Asks the server running on `dataDir` for a backup into `file`; undefined when no server answers there. */
export function requestBackup(dataDir: string, file: string): Promise<BackupManifest | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(backupSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ archivo: path.resolve(file) })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(undefined);
      else reject(err);
    });
    socket.on('end', () => {
      try {
        const reply = JSON.parse(output) as { manifest?: BackupManifest; error?: string };
        if (reply.manifest) resolve(reply.manifest);
        else reject(new BackupError(reply.error ?? 'El servidor no hizo la copia.'));
      } catch {
        reject(new BackupError('El servidor respondió algo que no es una copia.'));
      }
    });
  });
}

/**
 * `npm run backup`: opens the database and backs it up; on an embedded database held by a running server, asks that
 * server; if it does not answer, refuses with what to do.
 */
export async function backupFromCommandLine(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  storage: Storage,
  file: string,
): Promise<{ manifest: BackupManifest; through: 'server' | 'direct' }> {
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const manifest = await requestBackup(config.dataDir, file);
    if (manifest) return { manifest, through: 'server' };
    throw new BackupError(
      `El servidor (pid ${err.pid}) tiene abierta la base de datos embebida de ${config.dataDir} y no responde en ` +
        `${backupSocketPath(config.dataDir)}, así que la copia no se puede hacer ahora: copiar sus archivos desde ` +
        'fuera no sería coherente. Arranca una versión del servidor que atienda copias, o detenlo, haz la copia y ' +
        'vuelve a arrancarlo.',
    );
  }
  try {
    return { manifest: await createBackup({ config, database, storage }, file), through: 'direct' };
  } finally {
    await database.close();
  }
}
