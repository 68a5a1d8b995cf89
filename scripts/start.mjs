#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then runs the server in this process
// (so SIGTERM/SIGINT reach the server's own graceful shutdown).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceFingerprint } from './fingerprint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.build-stamp');
const current = sourceFingerprint(root);
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (built !== current || !existsSync(path.join(dist, 'server/main.js'))) {
  console.log(built ? 'Sources changed: rebuilding…' : 'First start: building the app…');
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(path.join(dist, 'server/main.js')).href);
