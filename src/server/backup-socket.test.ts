import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup } from './backup';
import { backupFromCommandLine, backupSocketPath } from './backup-socket';
import { openDatabase } from './db/client';
import { LocalStorage, type Storage } from './storage/index';
import { freePort } from '../../scripts/free-port.mjs';

/*
 * `npm run backup` on the embedded database while the server runs (issue 31; docs/decisions/063). The server holds
 * the folder (decision 043), so the command asks it on DATA_DIR/copia.sock and the server dumps through its own
 * connection; a holder that does not answer there gets a clear refusal instead of the lock's generic message. Both
 * fail on the old code, where the command opened the folder itself and refused with the lock's message.
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cereza-copia-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(tmp, { recursive: true, force: true });
});

const storageIn = (dataDir: string) => new LocalStorage(path.join(dataDir, 'uploads'), path.join(dataDir, 'privado'));

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
cleanups.push(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

const register = (port: number, email: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'cafe-lavado-de-altura',
      nombre: 'Ana',
      apellido: 'Copia',
      tipoUser: 'COMPRADOR',
    }),
  });

describe.runIf(!process.env.DATABASE_URL)('a backup of the embedded database while the server runs', () => {
  it('is written by the running server when npm run backup asks it, and restores what it held', async () => {
    const dataDir = path.join(tmp, 'en-marcha');
    const port = await freePort();
    let output = '';
    // The real server, as `npm start` runs it (API only: no built web app here).
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        SMTP_URL: '',
        REDIS_URL: '',
        S3_BUCKET: '',
        DATA_DIR: dataDir,
        WEB_DIR: path.join(tmp, 'sin-web'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server not ready in time:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const email of ['ana.antes@example.com', 'luis.antes@example.com'])
      expect((await register(port, email)).status, output).toBe(201);
    const storage: Storage = storageIn(dataDir);
    await storage.put('u/copia/foto.webp', Buffer.from('una foto'), 'image/webp');

    // The command cannot open the folder the server holds: the server writes the archive.
    const archive = path.join(tmp, 'copia.tar');
    const { manifest, through } = await backupFromCommandLine({ dataDir }, storage, archive);
    expect(through).toBe('server');
    expect(manifest.motor).toBe('pglite');
    expect(manifest.archivos.map((f) => f.clave)).toContain('u/copia/foto.webp');
    // It goes on serving, and stops cleanly (the socket goes with it).
    expect((await register(port, 'eva.despues@example.com')).status).toBe(201);
    expect(existsSync(backupSocketPath(dataDir))).toBe(true);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(existsSync(backupSocketPath(dataDir))).toBe(false);

    const nuevo = path.join(tmp, 'restaurada');
    await restoreBackup({ config: { dataDir: nuevo }, storage: storageIn(nuevo) }, archive);
    const restored = await openDatabase({ pgliteDir: path.join(nuevo, 'db') });
    try {
      const emails = await restored.db.execute<{ email: string }>(sql`select email from users order by email`);
      expect(emails.rows.map((r) => r.email)).toEqual(['ana.antes@example.com', 'luis.antes@example.com']);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(nuevo, 'jwt-secret'))).toEqual(readFileSync(path.join(dataDir, 'jwt-secret')));
    expect(await storageIn(nuevo).get('u/copia/foto.webp')).toEqual(Buffer.from('una foto'));
  }, 240_000);

  it('refuses with what to do when the process holding the folder does not answer', async () => {
    const dataDir = path.join(tmp, 'sin-socket');
    mkdirSync(dataDir, { recursive: true });
    // A live process that holds the lock and serves no backups (an older server, or one still starting).
    const holder = spawn('sh', ['-c', 'sleep 60'], { stdio: 'ignore' });
    children.push(holder);
    writeFileSync(path.join(dataDir, 'cereza.lock'), String(holder.pid));
    const archive = path.join(tmp, 'no.tar');
    await expect(backupFromCommandLine({ dataDir }, storageIn(dataDir), archive)).rejects.toThrow(
      new RegExp(
        `El servidor \\(pid ${holder.pid}\\) tiene abierta la base de datos embebida .*copia\\.sock.*detenlo, haz la copia`,
        's',
      ),
    );
    expect(existsSync(archive)).toBe(false);
    holder.kill('SIGKILL');
  });
});
