#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile emulation) in Debian's Chromium on /, /lotes, /lote/{id} and /perfil/{id}
// of the production build with the demo data. Prints the four category scores per page. Not part of `npm test`:
// scores are measurements, not pass/fail checks.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp', `lighthouse-build-${process.pid}`);
const port = 4900 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--out', out], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cereza-lh-'));
const server = spawn(process.execPath, [path.join(out, 'server/main.js')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIR: path.join(out, 'web'), DATABASE_URL: '' },
  stdio: 'inherit',
});
const cleanup = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
};
process.on('exit', cleanup);

for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(`${base}/api/ready`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 300));
}

const lotes = await (await fetch(`${base}/api/lotes?limit=1`)).json();
const lote = lotes.data.lotes[0];
const pages = ['/', '/lotes', `/lote/${lote.id}`, `/perfil/${lote.perfilProductor?.id ?? lote.productorId}`];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
try {
  for (const p of pages) {
    // Warm the server's caches once, as a returning visitor's first request would find them.
    await fetch(`${base}${p}`);
    const result = await lighthouse(`${base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error' }, {
      extends: 'lighthouse:default',
      settings: { formFactor: 'mobile', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
    });
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    rows.push({ page: p.length > 40 ? `${p.slice(0, 37)}…` : p, performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') });
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id);
    if (failing.length) console.log(`${p}: audits below 0.9: ${failing.join(', ')}`);
  }
} finally {
  await chrome.kill();
}
console.table(rows);
process.exit(0);
