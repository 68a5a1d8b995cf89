#!/usr/bin/env node
// The server end-to-end tests run against: the production build on a throwaway DATA_DIR.
// With E2E_USE_DIST=1 (npm test builds dist/ first) it runs dist/; otherwise it builds a private copy
// under .tmp/ so that several people can run end-to-end tests at once without overwriting each other's dist/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let out = path.join(root, 'dist');
if (process.env.E2E_USE_DIST !== '1') {
  out = path.join(root, '.tmp', `e2e-build-${process.pid}`);
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--out', out], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// Playwright may stop this server with SIGKILL, which skips the cleanup below: remove data folders left by
// earlier runs whose server is gone (their lock's pid is dead, or they have no lock).
for (const name of readdirSync(os.tmpdir())) {
  if (!name.startsWith('cereza-e2e-')) continue;
  const dir = path.join(os.tmpdir(), name);
  let alive = false;
  try {
    // The lock holds "<pid> <start time>" (src/server/db/lock.ts): the pid is its first field.
    const pid = Number(readFileSync(path.join(dir, 'cereza.lock'), 'utf8').trim().split(' ')[0]);
    process.kill(pid, 0);
    alive = true;
  } catch {
    // no lock, or its process is gone
  }
  if (!alive) rmSync(dir, { recursive: true, force: true });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cereza-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.DEMO_DATA ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
// Every journey registers its own accounts, all from 127.0.0.1.
process.env.REGISTRATION_LIMIT ??= '10000';
process.env.HOST = '127.0.0.1';
process.env.WEB_DIR = path.join(out, 'web');
delete process.env.DATABASE_URL;

// Tests read the e-mails this server writes (DATA_DIR/mail/*.eml, no SMTP_URL): they find its folder here.
const infoFile = path.join(root, '.tmp', `e2e-server-${process.env.PORT}.json`);
mkdirSync(path.dirname(infoFile), { recursive: true });
writeFileSync(infoFile, JSON.stringify({ dataDir, mailDir: path.join(dataDir, 'mail') }));

const cleanup = () => {
  rmSync(infoFile, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (out !== path.join(root, 'dist')) rmSync(out, { recursive: true, force: true });
};
process.on('exit', cleanup);

process.chdir(root);
await import(pathToFileURL(path.join(out, 'server/main.js')).href);
