import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cycles } from './file-cycles';

/*
 * The walls between server modules (issue 27, docs/decisions/074): reads every import in src/server/modules and
 * answers who imports whom, so a test can refuse a folder cycle (which the file-level scripts/file-cycles.ts cannot see) and
 * `npx tsx scripts/module-walls.ts` can print the counts the decision quotes.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
export const MODULES_DIR = path.join(ROOT, 'src/server/modules');
export const SCHEMA_DIR = path.join(ROOT, 'src/server/db/schema');

export interface ModuleImport {
  /** The importing file, relative to the repository. */
  file: string;
  module: string;
  /** The imported file (without extension), relative to the repository. */
  target: string;
  /** The module the target belongs to, or null when it lies outside src/server/modules. */
  targetModule: string | null;
  test: boolean;
}

export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /(^|\/)test-fixtures\.ts$/.test(file);
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return walk(full);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']*)'/g;

/** Every relative import written in a module's file (static, re-export, side-effect and dynamic). */
export function moduleImports(): ModuleImport[] {
  const found: ModuleImport[] = [];
  for (const full of walk(MODULES_DIR)) {
    const file = path.relative(ROOT, full);
    const module = path.relative(MODULES_DIR, full).split(path.sep)[0];
    const text = readFileSync(full, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const resolved = path.resolve(path.dirname(full), m[1]).replace(/\.(ts|tsx|js)$/, '');
      const inModules = path.relative(MODULES_DIR, resolved);
      const targetModule = inModules.startsWith('..') ? null : inModules.split(path.sep)[0];
      found.push({ file, module, target: path.relative(ROOT, resolved), targetModule, test: isTestFile(file) });
    }
  }
  return found;
}

/** `modules/<x>/index` (or `modules/<x>`, which resolves to it) is the only door into module x. */
export function isDoor(i: ModuleImport): boolean {
  if (i.targetModule == null) return true;
  const rest = path.relative(path.join('src/server/modules', i.targetModule), i.target);
  return rest === '' || rest === 'index';
}

export function crossModule(imports: ModuleImport[]): ModuleImport[] {
  return imports.filter((i) => i.targetModule != null && i.targetModule !== i.module);
}

/** module → the modules it imports (production files only unless told). */
export function folderGraph(imports: ModuleImport[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const i of crossModule(imports)) {
    if (!graph.has(i.module)) graph.set(i.module, new Set());
    graph.get(i.module)!.add(i.targetModule!);
  }
  return graph;
}

/** Pairs of modules that import each other, directly (a→b and b→a). */
export function twoWayPairs(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [a, tos] of graph) for (const b of tos) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a}↔${b}`);
  return pairs.sort();
}

/** Strongly connected groups of more than one module (Tarjan, file-cycles.ts): any folder cycle, however long. */
export const folderCycles = (graph: Map<string, Set<string>>): string[][] => cycles(graph);

/** Imports of the database schema: the index (every table) or one area's file (`db/schema/<area>`). */
export function schemaImports(imports: ModuleImport[]): ModuleImport[] {
  return imports.filter((i) => i.target.startsWith('src/server/db/schema'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const all = moduleImports();
  const prod = all.filter((i) => !i.test);
  const cross = crossModule(prod);
  const graph = folderGraph(prod);
  const schema = schemaImports(prod);
  console.log('cross-module imports (non-test):', cross.length);
  console.log('  bypassing the door:', cross.filter((i) => !isDoor(i)).length);
  console.log('two-way folder pairs:', twoWayPairs(graph).length, twoWayPairs(graph).join(' '));
  console.log(
    'folder cycles (groups):',
    folderCycles(graph)
      .map((g) => g.join(','))
      .join(' | ') || 'none',
  );
  console.log('schema imports (non-test):', schema.length);
  console.log('  of db/schema/index:', schema.filter((i) => /db\/schema(\/index)?$/.test(i.target)).length);
  const tests = crossModule(all.filter((i) => i.test));
  console.log(
    'cross-module imports in tests:',
    tests.length,
    ' bypassing the door:',
    tests.filter((i) => !isDoor(i)).length,
  );
  if (process.argv.includes('--list'))
    for (const i of cross.filter((c) => !isDoor(c))) console.log(i.file, '→', i.target);
}
