import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HojaCataSchema } from './muestras';
import { TipoUserSchema } from './common';
import { mensajeEs } from './zod-es';

/*
 * Every message a contract schema can answer is Spanish: zod's English defaults ("Invalid input: expected object,
 * received undefined") must never reach a client. The walk below feeds each exported schema missing and wrong-typed
 * values at every level it can reach (object fields, list elements, union options, records), and checks each issue.
 */

const ENGLISH = /\b(Invalid|expected|received|Too (small|big)|must|Required|String|Number|Unrecognized|input)\b/;

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  catchall?: z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Wrong values of every JSON type: one of them is wrong for whatever a field expects. */
const GENERIC: unknown[] = [undefined, null, 12345, -1.5, 'x', '', true, [], {}, [12345], ['x'], { x: 1 }];
/** Below the top level, fewer of them (the walk stays within a few seconds). */
const NESTED: unknown[] = [undefined, null, 12345, 'x', true, [], {}];

/** The schemas a value may reach through wrappers (optional, default, pipe, preprocess…). */
function unwrap(s: z.ZodType, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(s)) return [];
  seen.add(s);
  const d = defOf(s);
  const inner = [d.innerType, d.in, d.out, d.left, d.right].filter(isSchema);
  if (inner.length) return [s, ...inner.flatMap((i) => unwrap(i, seen))];
  if (d.type === 'union' && d.options) return [s, ...d.options.flatMap((o) => unwrap(o, seen))];
  return [s];
}

/** Candidate inputs for a schema: the generic wrong values, plus, inside objects, lists and records, the same one level down. */
function inputs(schema: z.ZodType, depth: number): unknown[] {
  const out: unknown[] = depth ? [...NESTED] : [...GENERIC];
  if (depth > 2) return out;
  for (const s of unwrap(schema)) {
    const d = defOf(s);
    if (d.type === 'object' && d.shape) {
      for (const [key, field] of Object.entries(d.shape)) {
        for (const v of inputs(field, depth + 1)) out.push({ [key]: v });
      }
    } else if (d.type === 'array' && d.element) {
      for (const v of inputs(d.element, depth + 1)) out.push([v]);
    } else if (d.type === 'record' && d.valueType) {
      for (const v of inputs(d.valueType, depth + 1)) out.push({ clave: v, general: v });
    }
  }
  return out;
}

function schemasOf(): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const [file, mod] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(mod)) if (isSchema(value)) found.push([`${file}#${name}`, value]);
  }
  return found;
}

describe('zod speaks Spanish', () => {
  it('answers a cupping sheet without atributos in Spanish', () => {
    const r = HojaCataSchema.safeParse({});
    expect(r.success).toBe(false);
    const msg = r.error!.issues.find((i) => i.path[0] === 'atributos')!.message;
    expect(msg).toBe('Este campo es obligatorio.');
  });

  it('keeps the messages the schemas set themselves', () => {
    expect(TipoUserSchema.safeParse('X').error!.issues[0].message).toBe(
      'El tipo de cuenta debe ser PRODUCTOR o COMPRADOR.',
    );
    expect(z.string().min(3, 'Mío.').safeParse('a').error!.issues[0].message).toBe('Mío.');
  });

  it('words every issue code in Spanish', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ a: z.string() }), {}],
      [z.object({ a: z.string() }), { a: 1 }],
      [z.string().min(2), 'a'],
      [z.string().max(1), 'ab'],
      [z.array(z.number()).min(1), []],
      [z.number().max(1), 2],
      [z.number().gt(1), 1],
      [z.email(), 'no'],
      [z.uuid(), 'no'],
      [z.string().startsWith('a'), 'b'],
      [z.number().multipleOf(5), 3],
      [z.strictObject({}), { a: 1 }],
      [z.union([z.string(), z.number()]), true],
      [z.record(z.string().min(2), z.number()), { a: 1 }],
      [z.map(z.object({}), z.number()), new Map([[{}, 'b']])],
      [z.map(z.object({ a: z.string() }), z.number()), new Map([[{}, 1]])],
      [z.enum(['A', 'B']), 'C'],
      [z.literal('A'), 'C'],
      [z.string().refine(() => false), 'a'],
      [z.date().min(new Date(2020, 0, 1)), new Date(2000, 0, 1)],
    ];
    const codes = new Set<string>();
    for (const [schema, input] of cases) {
      for (const issue of schema.safeParse(input).error!.issues) {
        codes.add(issue.code);
        expect(issue.message, `${issue.code}: ${issue.message}`).not.toMatch(ENGLISH);
        expect(issue.message).toMatch(/[áéíóúñ]|\b(Debe|Este|Valor|Campo|Formato|Opción|Clave|Elemento|Admite|La)\b/);
      }
    }
    for (const code of [
      'invalid_type',
      'too_small',
      'too_big',
      'invalid_format',
      'not_multiple_of',
      'unrecognized_keys',
      'invalid_union',
      'invalid_key',
      'invalid_element',
      'invalid_value',
      'custom',
    ])
      expect(codes, code).toContain(code);
    expect(mensajeEs({ code: 'invalid_type', expected: 'object', input: undefined } as never)).toBe(
      'Este campo es obligatorio.',
    );
  });

  it('answers every contract schema in Spanish for missing and wrong-typed values at every level', () => {
    const schemas = schemasOf();
    expect(schemas.length).toBeGreaterThan(100);
    const english: string[] = [];
    let issues = 0;
    for (const [name, schema] of schemas) {
      for (const input of inputs(schema, 0)) {
        let r: z.ZodSafeParseResult<unknown>;
        try {
          r = schema.safeParse(input);
        } catch {
          continue; // transforms on the output side are the server's code, not a message
        }
        for (const issue of r.error?.issues ?? []) {
          issues++;
          if (ENGLISH.test(issue.message) || !issue.message.trim())
            english.push(`${name} ${JSON.stringify(input)} → ${issue.path.join('.')}: ${issue.message}`);
        }
      }
    }
    expect(issues).toBeGreaterThan(1000);
    expect([...new Set(english)].slice(0, 30)).toEqual([]);
  });
});
