import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMigrationsDir } from './migrate';

/*
 * Expand, then contract (docs/decisions/044): while release N and N+1 run side by side, N+1's migrations have
 * already run, so a migration may only add (tables, nullable columns or columns with a default, indexes,
 * constraints N's writes already satisfy). Anything that breaks N's queries — dropping or renaming a column or a
 * table, changing a column's type, making a column NOT NULL without a default — belongs to a later release, once no
 * replica of N runs, and must say so with a marker comment naming the release that stopped using it:
 *
 *   -- contract: <why nothing running reads or writes this any more>
 */
const CONTRACTING: Array<[string, RegExp]> = [
  ['drops a column', /\bdrop\s+column\b/i],
  ['drops a table', /\bdrop\s+table\b/i],
  ['renames a column or a table', /\brename\s+(column\b|to\b)/i],
  ["changes a column's type", /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i],
  ['makes a column NOT NULL', /\bset\s+not\s+null\b/i],
  [
    'adds a NOT NULL column without a default',
    /\badd\s+column\s+(?:(?!default)[^;,])*\bnot\s+null\b(?![^;,]*\bdefault\b)/i,
  ],
];

const MARKER = /--\s*contract:\s*\S/i;

/**
 * Migrations written the same day as this rule, before it existed. `dinero-64-bits` (issue 25) widens money columns
 * to bigint: the release before it reads them as numbers through an int4 type, so that one rollout stops every old
 * replica before migrating (docs/decisions/044, "Exceptions").
 */
const BEFORE_THE_RULE = new Set(['dinero-64-bits']);

/** The statements of one migration file that contract the schema without the marker. */
export function unmarkedContractions(sqlText: string): string[] {
  return sqlText
    .split('--> statement-breakpoint')
    .flatMap((statement) =>
      MARKER.test(statement) ? [] : CONTRACTING.filter(([, re]) => re.test(statement)).map(([what]) => what),
    );
}

/** Tables created by the same file may be shaped freely: no release ever ran on them. */
function createdIn(sqlText: string): Set<string> {
  return new Set([...sqlText.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi)].map((m) => m[1]));
}

describe('migrations expand only (docs/decisions/044)', () => {
  it('no committed migration drops, renames or narrows without a "-- contract:" marker', () => {
    const dir = findMigrationsDir();
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      if (BEFORE_THE_RULE.has(file.replace(/^\d+_/, '').replace(/\.sql$/, ''))) continue;
      const text = readFileSync(path.join(dir, file), 'utf8');
      const fresh = createdIn(text);
      for (const statement of text.split('--> statement-breakpoint')) {
        const table = /alter\s+table\s+"?(\w+)"?/i.exec(statement)?.[1];
        if (table && fresh.has(table)) continue;
        for (const what of unmarkedContractions(statement)) offenders.push(`${file}: ${what}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees what breaks the running release, and lets a marked contraction and plain additions through', () => {
    expect(unmarkedContractions('ALTER TABLE "lotes" DROP COLUMN "nombre";')).toEqual(['drops a column']);
    expect(unmarkedContractions('ALTER TABLE "lotes" RENAME COLUMN "a" TO "b";')).toEqual([
      'renames a column or a table',
    ]);
    expect(unmarkedContractions('ALTER TABLE "lotes" ALTER COLUMN "precio" SET DATA TYPE bigint;')).toEqual([
      "changes a column's type",
    ]);
    expect(unmarkedContractions('ALTER TABLE "lotes" ADD COLUMN "x" text NOT NULL;')).toEqual([
      'adds a NOT NULL column without a default',
    ]);
    expect(unmarkedContractions('ALTER TABLE "lotes" ADD COLUMN "x" text DEFAULT \'\' NOT NULL;')).toEqual([]);
    expect(unmarkedContractions('ALTER TABLE "lotes" ADD COLUMN "x" text;')).toEqual([]);
    expect(
      unmarkedContractions('-- contract: release 2026.11 stopped reading it\nALTER TABLE "lotes" DROP COLUMN "viejo";'),
    ).toEqual([]);
  });
});
