import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The decision records (docs/decisions/README.md): each starts with its status line, the index lists each once,
 * and the links between records lead somewhere (a record renamed or misnumbered leaves a dead link).
 */
const dir = path.resolve(import.meta.dirname, '../docs/decisions');
const records = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((f) => f.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)('%s starts with a title and its status line', (f) => {
    const lines = readFileSync(path.join(dir, f), 'utf8').split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${f.slice(0, 3)} · \\S`));
    expect(lines[2]).toMatch(
      /^_Status: (accepted|superseded|accepted, amended by|accepted, continued by)\b.* · decided \d{4}-\d{2}-\d{2}( · last revised \d{4}-\d{2}-\d{2})?\._$/,
    );
  });

  it('the index lists every record once', () => {
    const rows = index.split('\n').filter((l) => /^\| \d{3} \| \[/.test(l));
    for (const f of records)
      expect(rows.filter((r) => r.startsWith(`| ${f.slice(0, 3)} | [`) && r.includes(`](${f})`)).length, f).toBe(1);
    expect(rows.length).toBe(records.length);
  });

  it.each([...records, 'README.md'])('%s links only to files that exist', (f) => {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const dead = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(path.resolve(dir, target)));
    expect(dead).toEqual([]);
  });
});
