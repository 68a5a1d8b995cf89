import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import {
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from './db/client';
import { correos, users } from './db/schema';
import { enqueueMail } from './mail/outbox';
import { SHUTDOWN_BOUND_MS } from './exit-watchdog';
import { sourceFingerprint } from '../../scripts/fingerprint.mjs';
import { freePort } from '../../scripts/free-port.mjs';

// These tests start the real server process (as `npm start` runs it) on an embedded database.
const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The built server when the build is of these sources (as `npm start` decides, scripts/start.mjs), else the sources
 * through tsx. `npm test` builds first: starting the bundle takes a second where tsx compiled the server's files on
 * every one of this file's dozen starts (the PGlite pass's longest file, decision 080).
 */
function serverCommand(): string[] {
  const bundle = path.join(root, 'dist/server/main.js');
  const stamp = path.join(root, 'dist/.build-stamp');
  const built =
    existsSync(bundle) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === sourceFingerprint(root);
  return built ? [process.execPath, bundle] : [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
}

/**
 * `stdout`: a file descriptor to give the server as its stdout instead of a pipe this test reads. `underShell`: the
 * server runs as the child of a shell (`child` is the shell), so stopping the shell stops the reaping of the server.
 */
async function launch(dataDir: string, opts: { stdout?: number; underShell?: boolean } = {}): Promise<Started> {
  const port = await freePort();
  const command = serverCommand();
  const [file, ...args] = opts.underShell ? ['sh', '-c', '"$@" & wait', 'sh', ...command] : command;
  const child = spawn(file, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      REGISTRATION_LIMIT: '100000',
    },
    stdio: ['ignore', opts.stdout ?? 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

async function waitReady(s: Started, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited early:\n${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready in time:\n${s.output()}`);
}

function tempDataDir() {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cereza-life-'));
  dirs.push(d);
  return d;
}

const connect = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
const closed = (socket: net.Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
const readResponse = (socket: net.Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString();
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (end >= 0 && text.length >= end + 4 + length) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
  });

/**
 * Sends a request's headers with "Expect: 100-continue" and waits for the server's "100 Continue": it has taken the
 * request (routed, in flight), so a signal sent now arrives while the request is being handled. Returns the body
 * still to send.
 */
async function startRequestInFlight(socket: net.Socket): Promise<string> {
  const body = JSON.stringify({ message: 'apagado', fatal: false });
  const continued = new Promise<void>((resolve) => {
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString();
      if (text.includes('100 Continue\r\n\r\n')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  socket.write(
    `POST /api/client-errors HTTP/1.1\r\nHost: cereza\r\nConnection: keep-alive\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await continued;
  return body;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('server lifecycle on the embedded database', () => {
  it('refuses a second server on the same DATA_DIR, and SIGTERM exits cleanly releasing the lock', async () => {
    const dataDir = tempDataDir();
    const first = await launch(dataDir);
    await waitReady(first);
    expect(existsSync(path.join(dataDir, 'cereza.lock'))).toBe(true);

    const second = await launch(dataDir);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('ya usa la base de datos embebida');
    // The first one is unaffected.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(existsSync(path.join(dataDir, 'cereza.lock'))).toBe(false);
  }, 180_000);

  it('on SIGTERM with keep-alive clients answers the request in flight with Connection: close and exits 0', async () => {
    const dataDir = tempDataDir();
    const server = await launch(dataDir);
    await waitReady(server);
    // A browser's idle keep-alive connection, and one whose request is in flight (its body not sent yet).
    const idle = await connect(server.port);
    const idleClosed = closed(idle);
    idle.write('GET /api/health HTTP/1.1\r\nHost: cereza\r\nConnection: keep-alive\r\n\r\n');
    expect(await readResponse(idle)).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: keep-alive/i);
    const busy = await connect(server.port);
    const busyClosed = closed(busy);
    const body = await startRequestInFlight(busy);

    // As a supervisor stops a service: SIGTERM to the node process itself.
    server.child.kill('SIGTERM');
    // The server closes the idle connection at once (not after its keep-alive timeout)...
    await idleClosed;
    // ...finishes the request in flight, telling the client not to reuse the connection, and closes it.
    const answer = readResponse(busy);
    busy.write(body);
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 204/);
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    await busyClosed;
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(server.output()).not.toContain('took too long');
  }, 180_000);

  it('on SIGTERM with a stdout nobody reads drains the request in flight and exits 0 within its bound', async () => {
    // Issue 26: started under a parent that went away, the server stopped listening, released its lock, then sat
    // for good in the logger's synchronous flush of a stdout nobody read. Here stdout is a FIFO whose reader is
    // open and never reads: once its 64 KB are full, every write to it would wait forever.
    const dataDir = tempDataDir();
    const fifo = path.join(dataDir, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, 'w');
    try {
      const server = await launch(dataDir, { stdout: writer });
      closeSync(writer);
      await waitReady(server);
      // Each request logs two lines: enough of them fill the pipe.
      const probe = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      const pipeFull = () => {
        try {
          writeSync(probe, 'x');
          return false;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return true;
          throw err;
        }
      };
      for (let i = 0; i < 2_000 && !pipeFull(); i++) {
        expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
      }
      expect(pipeFull()).toBe(true);
      closeSync(probe);
      // The server still answers with its log stuck.
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);

      const busy = await connect(server.port);
      const busyClosed = closed(busy);
      const body = await startRequestInFlight(busy);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // Once it refuses new connections its shutdown has begun: then the body of the request in flight goes out.
      for (;;) {
        const refused = await connect(server.port).then(
          (socket) => (socket.destroy(), false),
          () => true,
        );
        if (refused) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const answer = readResponse(busy);
      busy.write(body);
      const response = await answer;
      expect(response).toMatch(/^HTTP\/1\.1 204/);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      await busyClosed;
      const bound = new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), SHUTDOWN_BOUND_MS + 5_000),
      );
      expect(await Promise.race([server.exited, bound])).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_BOUND_MS);
      expect(existsSync(path.join(dataDir, 'cereza.lock'))).toBe(false);
    } finally {
      closeSync(reader);
    }
  }, 180_000);

  it('is ended by its exit watchdog when its main thread is stuck past the bound', async () => {
    // The last resort of a shutdown: a main thread blocked in something synchronous fires no timer of its own.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startExitWatchdog } from ${JSON.stringify(path.join(root, 'src/server/exit-watchdog.ts'))};
         startExitWatchdog(300);
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600_000);
         process.exit(0);`,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(child);
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(ended, err).toEqual({ code: null, signal: 'SIGKILL' });
  }, 60_000);

  it('loses no acknowledged write when killed with SIGKILL mid-traffic', async () => {
    const dataDir = tempDataDir();
    const server = await launch(dataDir);
    await waitReady(server);

    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const email = `durable-${w}-${i}@example.com`;
        try {
          const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email,
              password: 'cafe-lavado-de-altura',
              nombre: 'Ana',
              apellido: 'Ruiz',
              tipoUser: 'COMPRADOR',
            }),
          });
          if (res.status === 201) acknowledged.push(email);
          else if (res.status !== 429) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (!stop && server.child.exitCode === null) throw err;
          return;
        }
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    while (acknowledged.length < 25) await new Promise((r) => setTimeout(r, 50));
    server.child.kill('SIGKILL');
    stop = true;
    await server.exited;
    await Promise.allSettled(writers);
    const acked = [...acknowledged];
    expect(acked.length).toBeGreaterThanOrEqual(25);

    // A restart takes over the stale lock and serves again.
    const again = await launch(dataDir);
    await waitReady(again);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.select({ email: users.email }).from(users);
      const stored = new Set(rows.map((r) => r.email));
      const lost = acked.filter((e) => !stored.has(e));
      expect(lost).toEqual([]);
      const [one] = await database.db.select().from(users).where(eq(users.email, acked[0]));
      expect(one.tipoUser).toBe('COMPRADOR');
    } finally {
      await database.close();
    }
  }, 240_000);

  it('restarts at once after a SIGKILL, mid-write and at rest: the stale lock is taken over and no write is lost', async () => {
    const dataDir = tempDataDir();
    const lockFile = path.join(dataDir, 'cereza.lock');
    const procStat = (pid: number) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return { state: fields[0], ppid: Number(fields[1]), start: fields[19] };
    };
    const lockOf = (pid: number) => `${pid} ${procStat(pid).start}`;
    const acknowledged: string[] = [];
    const register = async (port: number, email: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'cafe-lavado-de-altura',
          nombre: 'Ana',
          apellido: 'Ruiz',
          tipoUser: 'COMPRADOR',
        }),
      });
      if (res.status === 201) acknowledged.push(email);
      else if (res.status !== 429) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
    };

    // The first server runs under a shell, which is stopped before the kill: the killed server stays a zombie (as
    // it does until a supervisor reaps it) while the restart starts.
    const first = await launch(dataDir, { underShell: true });
    await waitReady(first);
    const serverPid = Number(readFileSync(lockFile, 'utf8').split(' ')[0]);
    expect(procStat(serverPid).ppid).toBe(first.child.pid);
    expect(readFileSync(lockFile, 'utf8')).toBe(lockOf(serverPid));

    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        try {
          await register(first.port, `zombi-${w}-${i}@example.com`);
        } catch (err) {
          if (writing) throw err;
        }
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 20));
    process.kill(first.child.pid!, 'SIGSTOP');
    process.kill(serverPid, 'SIGKILL');
    writing = false;
    await Promise.allSettled(writers);
    while (procStat(serverPid).state !== 'Z') await new Promise((r) => setTimeout(r, 20));

    const second = await launch(dataDir);
    await waitReady(second);
    // Taken over from the zombie, which has not been reaped yet.
    expect(procStat(serverPid).state).toBe('Z');
    expect(readFileSync(lockFile, 'utf8')).toBe(lockOf(second.child.pid!));
    process.kill(first.child.pid!, 'SIGCONT');
    await first.exited;

    // At rest: every write answered, then the kill, and the restart right after it.
    for (let i = 0; i < 10; i++) await register(second.port, `reposo-${i}@example.com`);
    await new Promise((r) => setTimeout(r, 500));
    second.child.kill('SIGKILL');
    const third = await launch(dataDir);
    await waitReady(third);
    expect(readFileSync(lockFile, 'utf8')).toBe(lockOf(third.child.pid!));
    // The data is served as it was written: a user registered before each kill signs in.
    for (const email of [acknowledged[0], `reposo-9@example.com`]) {
      const login = await fetch(`http://127.0.0.1:${third.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'cafe-lavado-de-altura' }),
      });
      expect(login.status, email).toBe(200);
    }
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const stored = new Set((await database.db.select({ email: users.email }).from(users)).map((r) => r.email));
      expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
      expect(acknowledged.filter((e) => e.startsWith('reposo-'))).toHaveLength(10);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('sends at start-up what was pending before a restart: a reset mail written as .eml, its path logged', async () => {
    const dataDir = tempDataDir();
    const first = await launch(dataDir);
    await waitReady(first);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // While the server is down, a reset mail waits in the outbox (as if the process had stopped before sending).
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const [user] = await database.db
        .insert(users)
        .values({ email: 'pendiente@example.com', passwordHash: 'x', nombre: 'Pía', tipoUser: 'COMPRADOR' })
        .returning();
      await database.db.transaction((tx) => enqueueMail(tx, { userId: user.id, tipo: 'CUENTA_RESTABLECER' }));
    } finally {
      await database.close();
    }

    const again = await launch(dataDir);
    await waitReady(again);
    const mailDir = path.join(dataDir, 'mail');
    const written = () => (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : []);
    // The file is written, then the row marked sent, then the path logged: wait for the log line.
    const deadline = Date.now() + 30_000;
    while (!(written().length && again.output().includes(path.join(mailDir, written()[0]))) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const [file] = written();
    const eml = readFileSync(path.join(mailDir, file), 'utf8');
    expect(eml).toContain('To: pendiente@example.com');
    expect(eml).toMatch(/http:\/\/localhost:\d+\/Auth\/Restablecer\?token=/);
    expect(again.output()).toContain(path.join(mailDir, file));
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const rows = await reopened.db.select().from(correos);
      expect(rows.map((r) => r.estado)).toEqual(['ENVIADO']);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
