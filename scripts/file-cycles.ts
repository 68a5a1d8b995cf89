import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from '../tools/eslint-typescript/node_modules/typescript/lib/typescript';

/*
 * Import cycles between files, for the whole repository (decision 074 rule 4; lint speed: decision 083). ESLint's
 * import-x/no-cycle did this per linted file, re-walking the graph from each one: 59 % of `npm run lint`'s time.
 * This reads every file once, builds the graph of its relative imports and finds every cycle with Tarjan's
 * algorithm, as import-x did with `ignoreExternal`: type-only imports and exports do not count (they vanish when
 * compiled), value imports, re-exports, side-effect imports and dynamic `import()` do.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
// The project's own `typescript` is the native 7.x compiler without a JavaScript API; the lint workspace holds 5.x.
const ts = createRequire(path.join(ROOT, 'tools/eslint-typescript/package.json'))('typescript') as typeof TS;

const SCANNED = ['src', 'scripts', 'e2e'];
const SOURCE = /\.(tsx?|mjs|js)$/;
const RESOLVE = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : walk(full);
    return SOURCE.test(d.name) && !d.name.endsWith('.d.ts') ? [full] : [];
  });
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names (`./a.js` may name `a.ts`), or null for a package or a missing file. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')])
    if (candidate !== base && isFile(candidate)) return candidate;
  for (const ext of RESOLVE) if (isFile(base + ext)) return base + ext;
  return null;
}

/** The specifiers of a file's imports that exist at run time. */
export function valueSpecifiers(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const out: string[] = [];
  const literal = (node: TS.Node | undefined) => (node && ts.isStringLiteral(node) ? node.text : null);
  const visit = (node: TS.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause != null &&
        (clause.isTypeOnly ||
          (!clause.name &&
            named != null &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      const s = literal(node.moduleSpecifier);
      if (s && !typeOnly) out.push(s);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      const named = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (named != null &&
          ts.isNamedExports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly));
      const s = literal(node.moduleSpecifier);
      if (s && !typeOnly) out.push(s);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const s = literal(node.arguments[0]);
      if (s) out.push(s);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** file → the files it imports (paths relative to the repository). */
export function fileGraph(dirs: string[] = SCANNED): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const dir of dirs)
    for (const full of walk(path.join(ROOT, dir))) {
      const targets = new Set<string>();
      for (const s of valueSpecifiers(full, readFileSync(full, 'utf8'))) {
        const target = resolve(full, s);
        if (target) targets.add(path.relative(ROOT, target));
      }
      graph.set(path.relative(ROOT, full), targets);
    }
  return graph;
}

/** Strongly connected groups of more than one node, or a node importing itself (Tarjan, iterative-safe depth). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const groups: string[][] = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) groups.push(group.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!idx.has(v)) visit(v);
  return groups;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const graph = fileGraph();
  const found = cycles(graph);
  console.log(`${graph.size} files, ${[...graph.values()].reduce((n, s) => n + s.size, 0)} relative imports`);
  console.log('file cycles:', found.length ? '' : 'none');
  for (const g of found) console.log('  ' + g.join(' → '));
  process.exitCode = found.length ? 1 : 0;
}
