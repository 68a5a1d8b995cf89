// The production build with the demo data on a throwaway DATA_DIR, for the measuring scripts (lighthouse.mjs,
// trace.mjs): builds into .tmp/ unless given a build, starts the server, waits until it is ready, and removes
// what it made when the process exits.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the demo server on `port`; `dist` is an existing build (scripts/build.mjs --out), or one is made. */
/** Debian's Chromium as the measuring scripts launch it (lighthouse.mjs, trace.mjs): no sandbox, nothing in the background. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function startDemoServer({ name, port, dist }) {
  const out = dist ? path.resolve(root, dist) : path.join(root, '.tmp', `${name}-build-${process.pid}`);
  if (!dist) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--out', out], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cereza-${name}-`));
  const server = spawn(process.execPath, [path.join(out, 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(out, 'web'),
      DATABASE_URL: '',
      DEMO_DATA: 'true',
    },
    stdio: 'inherit',
  });
  process.on('exit', () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    if (!dist) rmSync(out, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return base;
}

/**
 * The four public pages measured: /, /lotes, a lot and its producer's profile. `subset` ("1,3", 1-based)
 * picks some of them, for quicker iterations.
 */
export async function publicPages(base, subset) {
  const lote = (await (await fetch(`${base}/api/lotes?limit=1`)).json()).data.lotes[0];
  const all = ['/', '/lotes', `/lote/${lote.id}`, `/perfil/${lote.perfilProductor?.id ?? lote.productorId}`];
  return subset
    ? subset
        .split(',')
        .map((i) => all[Number(i) - 1])
        .filter(Boolean)
    : all;
}
