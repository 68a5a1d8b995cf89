import { describe, expect, it } from 'vitest';
import { crossModule, folderCycles, folderGraph, isDoor, moduleImports } from './module-walls';
import { writeMarks } from './table-pairs.mjs';

/*
 * The walls between server modules (issue 27, docs/decisions/074). Lint refuses a file that reaches behind another
 * module's door; file-cycles.test.ts sees cycles between files only, so this test looks at folders: module A importing
 * B while B (directly or through others) imports A.
 */
const all = moduleImports();
const production = all.filter((i) => !i.test);

describe('server module folders', () => {
  // The last one, cobros ↔ pedidos, went with the "credit applied" effects (modules/cobros/reacciones.ts).
  it('form no cycle', () => {
    expect(folderCycles(folderGraph(production))).toEqual([]);
  });

  it('are reached through their door (index.ts) by the others', () => {
    expect(crossModule(production).filter((i) => !isDoor(i))).toEqual([]);
  });

  it("let tests use another module's door or its test-fixtures.ts, nothing else", () => {
    const behind = crossModule(all.filter((i) => i.test)).filter(
      (i) => !isDoor(i) && !i.target.endsWith('/test-fixtures'),
    );
    expect(behind).toEqual([]);
  });

  it('would see a cycle through a third module', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderCycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});

describe("another module's tables", () => {
  // Lint lets a listed pair import the tables, for reading or writing alike; this keeps the WRITE marks of
  // eslint.config.js's SCHEMA_READERS true, so a write moved behind the owner's door cannot come back unnoticed.
  it('are written only by the pairs marked WRITE, and every pair marked WRITE still writes', () => {
    expect(writeMarks()).toEqual({ unmarked: [], stale: [] });
  });
});
