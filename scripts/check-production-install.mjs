#!/usr/bin/env node
// CI check: the built server runs on a production install. In a throwaway copy holding only what a deployment
// holds (package files, the prebuilt dist/, migrations/, content/), `npm ci --omit=dev`, start
// `node dist/server/main.js` on its own DATA_DIR and port, and ask for the API and a server-rendered page.
// A runtime import left in devDependencies fails here. Needs a prebuilt dist/ (npm test or npm run build).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const COPY = [
  'package.json',
  'package-lock.json',
  'tools/eslint-typescript/package.json',
  'dist/server',
  'dist/ssr',
  'dist/web',
  'migrations',
  'content',
];

function fail(message) {
  console.error(`production install: FAILED: ${message}`);
  process.exitCode = 1;
}

async function check(dir) {
  for (const entry of COPY) {
    if (!existsSync(path.join(root, entry))) return fail(`${entry} is missing (build first: npm run build)`);
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }

  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (install.status !== 0) return fail(`npm ci --omit=dev exited ${install.status}`);
  if (existsSync(path.join(dir, 'node_modules', 'vite'))) return fail('devDependencies were installed');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  let exited = null;
  const exit = new Promise((resolve) =>
    server.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  try {
    let ready = false;
    for (let i = 0; i < 240 && !exited; i++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) {
          ready = true;
          break;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!ready) return fail(exited ? `the server exited (${JSON.stringify(exited)})` : 'never became ready');

    const api = await fetch(`${base}/api/lotes`);
    const body = await api.json();
    if (!api.ok || body.success !== true) return fail(`GET /api/lotes answered ${api.status}`);
    // /lotes is rendered on the server: React, the router and the query client must load from dependencies.
    const page = await fetch(`${base}/lotes`);
    const html = await page.text();
    if (!page.ok || !html.includes('id="cereza-ssr"')) return fail(`GET /lotes was not rendered on the server`);
  } finally {
    if (!exited) server.kill('SIGTERM');
    const { code, signal } = await exit;
    if (code !== 0 && signal !== 'SIGTERM' && !process.exitCode) fail(`the server stopped with ${code ?? signal}`);
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'cereza-prod-'));
try {
  await check(dir);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!process.exitCode) console.log(`production install: ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
