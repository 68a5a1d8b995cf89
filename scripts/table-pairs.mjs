// Whose tables are whose (decision 074): counts the (module, schema file) pairs of the non-test files of
// src/server/modules, and how many cross into another module's file (eslint.config.js's SCHEMA_OWNERS), with a
// write (insert, update or delete of a table the file imports, found by text). `--list` prints the crossing pairs.
//   node scripts/table-pairs.mjs [--list]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_OWNERS, SCHEMA_READERS } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');
const walk = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Every (module, schema file) pair of the modules' non-test files, each with whether the module writes it. */
export function tablePairs() {
  const pairs = new Map();
  for (const file of walk(path.join(root, 'src/server/modules'))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('test-fixtures.ts')) continue;
    const module = path.relative(path.join(root, 'src/server/modules'), file).split(path.sep)[0];
    const text = fs.readFileSync(file, 'utf8');
    for (const [, names, schemaFile] of text.matchAll(
      /import (?:type )?\{([^}]*)\} from '[./]+\/db\/schema\/([a-z-]+)'/g,
    )) {
      const key = `${module} ${schemaFile}`;
      const pair = pairs.get(key) ?? { module, schemaFile, write: false };
      pairs.set(key, pair);
      for (const name of names
        .split(',')
        .map((n) => n.trim().replace(/^type /, ''))
        .filter(Boolean)) {
        if (new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b`).test(text)) pair.write = true;
      }
    }
  }
  return [...pairs.values()];
}

/** The pairs into another module's schema file. */
export const crossingPairs = (all) =>
  all.filter((p) => SCHEMA_OWNERS[p.schemaFile] && !SCHEMA_OWNERS[p.schemaFile].includes(p.module));

/**
 * Compares the writes found with SCHEMA_READERS' WRITE marks: `unmarked`, a module writing another's file where the
 * pair is listed as a read (or not listed); `stale`, a pair marked WRITE whose module no longer writes it. Both lists
 * are empty while the marks tell the truth, so a write moved behind the owner's door stays there.
 */
export function writeMarks() {
  const key = (module, schemaFile) => `${module} → db/schema/${schemaFile}.ts`;
  const marked = new Set(SCHEMA_READERS.filter(([, , why]) => why.startsWith('WRITE')).map(([m, f]) => key(m, f)));
  const written = new Set(
    crossingPairs(tablePairs())
      .filter((p) => p.write)
      .map((p) => key(p.module, p.schemaFile)),
  );
  return { unmarked: [...written].filter((k) => !marked.has(k)), stale: [...marked].filter((k) => !written.has(k)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = tablePairs();
  const crossing = crossingPairs(all);
  console.log('(module, schema file) pairs:', all.length);
  console.log('  with a shared file:', all.filter((p) => !SCHEMA_OWNERS[p.schemaFile]).length);
  console.log("  into another module's file:", crossing.length);
  console.log('    of them with a write:', crossing.filter((p) => p.write).length);
  if (process.argv.includes('--list')) {
    for (const p of crossing) console.log(`${p.write ? 'write' : 'read '} ${p.module} → db/schema/${p.schemaFile}.ts`);
  }
}
