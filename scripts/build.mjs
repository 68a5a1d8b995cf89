#!/usr/bin/env node
// Builds the production bundle: the React app (Vite) and the server (esbuild), with precompressed assets.
// Usage: node scripts/build.mjs [--out DIR]   (default dist/)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { sourceFingerprint } from './fingerprint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const out = path.resolve(root, outArg > 0 ? process.argv[outArg + 1] : 'dist');
const started = Date.now();
const fingerprint = sourceFingerprint(root);
const buildId = `${fingerprint}-${Date.now().toString(36)}`;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const vite = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VITE_BUILD_ID: buildId, WEB_OUT_DIR: path.join(out, 'web') },
});
if (vite.status !== 0) process.exit(vite.status ?? 1);

await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(out, 'server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});

// Precompressed copies let the static server answer br/gzip without compressing on every request.
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
function compressAll(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) compressAll(file);
    else if (COMPRESSIBLE.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
compressAll(path.join(out, 'web'));

writeFileSync(path.join(out, 'web', 'build-info.json'), JSON.stringify({ buildId }));
writeFileSync(path.join(out, '.build-stamp'), fingerprint);
console.log(`build ${buildId} ready in ${out} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
