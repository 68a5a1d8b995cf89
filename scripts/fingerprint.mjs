import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything that goes into a build: when its hash changes, `npm start` rebuilds. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'content',
  'migrations',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.mjs',
];

function walk(root, rel, out) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  const st = statSync(full);
  if (st.isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      walk(root, path.join(rel, name), out);
    }
  } else if (!/\.test\.tsx?$/.test(rel)) {
    out.push(rel);
  }
}

export function sourceFingerprint(root) {
  const files = [];
  for (const input of BUILD_INPUTS) walk(root, input, files);
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f);
    hash.update(readFileSync(path.join(root, f)));
  }
  return hash.digest('hex').slice(0, 16);
}
