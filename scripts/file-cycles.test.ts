import { describe, expect, it } from 'vitest';
import { cycles, fileGraph, valueSpecifiers } from './file-cycles';

/*
 * No import cycle between files anywhere in src, scripts and e2e (decision 009, 083). This replaced ESLint's
 * import-x/no-cycle, which took 59 % of `npm run lint`; module-walls.test.ts does the same for module folders.
 */
describe('import cycles between files', () => {
  it('there are none', () => {
    const graph = fileGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph)).toEqual([]);
  });

  it('count value imports, re-exports, side effects and import(); not type-only ones', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C, type D } from './c';",
      "import { type E, e } from './e';",
      "export * from './f';",
      "export type { G } from './g';",
      "import './h.css';",
      "const i = () => import('./i');",
      "import x from 'react';",
    ].join('\n');
    expect(valueSpecifiers('probe.ts', code)).toEqual(['./a', './e', './f', './h.css', './i', 'react']);
  });

  it('find a cycle through a third file, and a file importing itself', () => {
    const graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts', 'd.ts'])],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
