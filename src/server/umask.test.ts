import { spawn, type ChildProcess } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 26: files under DATA_DIR are the server user's alone. main.ts sets umask 077 so that what the code does not
// create with an explicit mode (the embedded database's files, the data folder's lock, a library's temporary file)
// is private too. This starts the real server (as `npm start` does) under the usual umask 022.

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cereza-umask-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file and folder under dir (not following links), with its permission bits. */
function walk(dir: string, out: Array<[string, number]> = []): Array<[string, number]> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = lstatSync(p);
    if (st.isSymbolicLink()) continue;
    out.push([path.relative(dataDir, p), st.mode & 0o777]);
    if (st.isDirectory()) walk(p, out);
  }
  return out;
}

describe('the server started under umask 022', () => {
  it('creates nothing under DATA_DIR that another user can read: database files, lock, .eml outbox files', async () => {
    const port = 5700 + (process.pid % 500);
    let output = '';
    child = spawn(
      'sh',
      ['-c', 'umask 022; exec "$@"', 'sh', process.execPath, '--import', 'tsx', 'src/server/main.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: '',
          SMTP_URL: '',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'info',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
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

    // A registration queues the address's confirmation mail; without SMTP_URL it is an .eml file under DATA_DIR.
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'ana.umask@example.com',
        password: 'cafe-lavado-de-altura',
        nombre: 'Ana',
        apellido: 'Ruiz',
        tipoUser: 'COMPRADOR',
      }),
    });
    expect(res.status, await res.text()).toBe(201);
    let files = walk(dataDir);
    for (let i = 0; i < 150 && !files.some(([p]) => p.endsWith('.eml')); i++) {
      await new Promise((r) => setTimeout(r, 200));
      files = walk(dataDir);
    }

    const names = files.map(([p]) => p);
    expect(
      names.filter((p) => p.endsWith('.eml')),
      output,
    ).toHaveLength(1);
    expect(names).toContain('cereza.lock');
    // The embedded database's own files (written by PGlite with the process's default modes).
    expect(names.filter((p) => p.split(path.sep).includes('PG_VERSION')).length).toBeGreaterThan(0);
    expect(files.length).toBeGreaterThan(50);
    const readable = files.filter(([, mode]) => (mode & 0o077) !== 0).map(([p, mode]) => `${p} ${mode.toString(8)}`);
    expect(readable.length, readable.slice(0, 40).join('\n')).toBe(0);
    expect((lstatSync(dataDir).mode & 0o077) === 0).toBe(true);
  }, 200_000);
});
