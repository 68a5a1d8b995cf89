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

const vite = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_BUILD_ID: buildId, WEB_OUT_DIR: path.join(out, 'web') },
  },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);

// The server-rendering bundle of the same app (public pages are served as HTML first, then hydrated).
const ssr = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--ssr',
    'src/web/ssr/entry-server.tsx',
    '--outDir',
    path.join(out, 'ssr'),
    '--logLevel',
    'warn',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, VITE_BUILD_ID: buildId } },
);
if (ssr.status !== 0) process.exit(ssr.status ?? 1);

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

// The app's script starts loading after the first contentful paint. A server-rendered page is readable before
// any script runs, so its HTML, CSS, fonts and first image get the connection and the main thread to
// themselves; a page rendered in the browser (no #cereza-ssr data) loads the script at once. A browser that
// reports no paint (a background tab) loads it after 3 s. The server allows this inline block by its CSP hash.
const indexFile = path.join(out, 'web', 'index.html');
let indexHtml = readFileSync(indexFile, 'utf8');
const entry = indexHtml.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
if (!entry) throw new Error('index.html: the entry script was not found');
const preloadTags = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
for (const m of [entry, ...preloadTags]) indexHtml = indexHtml.replace(m[0], '');
// The entry imports React DOM and the app dynamically (evaluated in separate tasks, see src/web/main.tsx):
// their chunks are preloaded with it, so they download in parallel instead of one after the other.
const manifestFile = path.join(out, 'web', '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
const mainChunk = Object.values(manifest).find((c) => c.isEntry);
const closure = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || closure.has(chunk.file)) return;
  closure.add(chunk.file);
  (chunk.imports ?? []).forEach(visit);
};
(mainChunk.dynamicImports ?? []).forEach(visit);
const preloads = [...new Set([...preloadTags.map((m) => m[1]), ...[...closure].map((f) => `/${f}`)])].filter(
  (href) => href !== entry[1],
);
const loader = `<script>
(function () {
  var d = document, started = false;
  function load() {
    if (started) return;
    started = true;
    ${JSON.stringify(preloads)}.forEach(function (href) {
      var l = d.createElement('link'); l.rel = 'modulepreload'; l.href = href; d.head.appendChild(l);
    });
    var s = d.createElement('script'); s.type = 'module'; s.src = ${JSON.stringify(entry[1])}; d.head.appendChild(s);
  }
  if (!d.getElementById('cereza-ssr')) return load();
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    requestAnimationFrame(function () { setTimeout(load, 0); });
  }
  setTimeout(load, 3000);
})();
</script>`;
indexHtml = indexHtml.replace('</body>', `${loader}\n  </body>`);

// The Latin subsets of the two faces are fetched with the stylesheet instead of after it: with
// font-display: optional a face that is not there by the first paint is skipped for the whole visit, and
// found only after the CSS it usually was not, so a first visit read in the system's fonts.
const fontFiles = readdirSync(path.join(out, 'web', 'assets')).filter((f) =>
  /^(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/.test(f),
);
if (fontFiles.length !== 2)
  throw new Error(`index.html: expected the two Latin font files, found ${fontFiles.join(', ') || 'none'}`);
const fontPreloads = fontFiles
  .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`)
  .join('\n    ');
indexHtml = indexHtml.replace(/(\s*)(<link rel="stylesheet"[^>]*>)/, `$1$2$1${fontPreloads}`);
writeFileSync(indexFile, indexHtml);

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
