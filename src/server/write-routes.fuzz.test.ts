import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { muestras, users } from './db/schema';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from './test/helpers';
import { postLote } from './modules/lotes/test-fixtures';

/*
 * Issue 26: whatever anyone sends to any write route, the answer is never a 5xx and an error always speaks Spanish.
 * The routes are not listed here: every POST, PUT, PATCH and DELETE comes from the app's own route table, so a new
 * route is fuzzed without editing this file. Each route is first probed as a visitor and as each role; the callers
 * it does not turn away (401/403) are the relevant ones, and each of them sends:
 *   - a fixed set of hostile bodies (empty, not JSON, wrong content types, JSON of every other type, prototype
 *     pollution keys, deep nesting, a string near the body limit, a body past it, every contract field name at once
 *     with a wrong type, a number as text, control, bidi and invisible characters);
 *   - FUZZ_RUNS bodies built from the route's own body schema (read from the route's options at request time), with
 *     some leaves replaced by hostile values, in random path parameters (a real id, a stranger's, garbage).
 * FUZZ_RUNS (default 6) and FUZZ_SEED make a longer or a repeated run: FUZZ_RUNS=200 npx vitest run this file.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const ENGLISH =
  /\b(Invalid|expected|received|Too (small|big)|must|Required|Unrecognized|Unsupported|Bad Request|Internal|Not Found|Unauthorized|Forbidden|Payload|Body|body)\b/;
const SPANISH =
  /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|al|a|y|no|un|una|es|en|que|por|para|con|se|ya|tu|su|hay|este|esta)\b/i;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface WriteRoute {
  method: string;
  path: string;
}

/** Every write route of the app, from `printRoutes()`'s tree: each line's segment joins its parent's path. */
function writeRoutes(tree: string): WriteRoute[] {
  const found: WriteRoute[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack.push(full);
    for (const method of (m[3] ?? '').split(', ')) if (WRITE_METHODS.has(method)) found.push({ method, path: full });
  }
  return found;
}

let ctx: TestContext;
type Role = 'VISITANTE' | 'COMPRADOR' | 'PRODUCTOR' | 'LABORATORIO' | 'OPERADOR';
const ROLES: Role[] = ['VISITANTE', 'COMPRADOR', 'PRODUCTOR', 'LABORATORIO', 'OPERADOR'];
const people: Partial<Record<Role, TestUser>> = {};
/** Real ids for path parameters, by the collection the parameter follows. */
const ids: Record<string, string> = {};
/** The body schema each route declared, as the route saw it on its first request. */
const bodySchemas = new Map<string, z.ZodType | undefined>();
let routes: WriteRoute[] = [];
let counter = 0;

const key = (r: WriteRoute) => `${r.method} ${r.path}`;

beforeAll(async () => {
  ctx = await createTestApp(
    { registrationLimit: 1_000_000 },
    {
      before: (app) => {
        app.addHook('onRequest', async (request) => {
          const k = `${request.method} ${request.routeOptions.url}`;
          if (!bodySchemas.has(k)) bodySchemas.set(k, request.routeOptions.schema?.body as z.ZodType | undefined);
        });
      },
    },
  );
  routes = writeRoutes(ctx.app.printRoutes({ commonPrefix: false }));
  people.COMPRADOR = await createUser(ctx, 'COMPRADOR', { perfil: true });
  people.PRODUCTOR = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  people.LABORATORIO = await createUser(ctx, 'LABORATORIO');
  people.OPERADOR = await createUser(ctx, 'OPERADOR');
  const comprador = people.COMPRADOR;
  const productor = people.PRODUCTOR;
  // Accounts the operator may suspend are not the ones fuzzing.
  const otro = await createUser(ctx, 'COMPRADOR', { perfil: true });
  const lote = await postLote(ctx, productor, { sacosDisponibles: 500 });
  const noticia = await ctx.app.inject({
    method: 'POST',
    url: '/api/productor/noticias',
    headers: bearer(productor),
    payload: { titulo: 'Primera noticia', cuerpo: 'Hola.' },
  });
  const pedido = await ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId: lote.id, sacos: 2 },
  });
  const conversacion = await ctx.app.inject({
    method: 'POST',
    url: '/api/conversaciones',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { productorId: productor.id, loteId: lote.id, texto: '¿Cómo secáis?' },
  });
  const [muestra] = await ctx.app.db
    .insert(muestras)
    .values({
      loteId: lote.id,
      compradorId: comprador.id,
      productorId: productor.id,
      gramos: 300,
      direccionEnvio: {
        nombre: 'Ana',
        empresa: '',
        linea1: 'Calle 1',
        ciudad: 'Valencia',
        codigoPostal: '',
        pais: 'ES',
        telefono: '',
      },
      estado: 'SOLICITADA',
    })
    .returning();
  Object.assign(ids, {
    lotes: lote.id,
    noticias: json(noticia).data.noticia.id,
    pedidos: json(pedido).data.pedido.id,
    conversaciones: json(conversacion).data.conversacion.id,
    muestras: muestra.id,
    cuentas: otro.id,
    loteId: lote.id,
  });
}, 120_000);
afterAll(() => ctx?.close());

/** The caller's headers, with a token signed now: a route like logout revokes the ones signed before. */
async function authHeaders(role: Role): Promise<Record<string, string>> {
  const person = people[role];
  if (!person) return {};
  const [row] = await ctx.app.db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, person.id));
  person.token = await ctx.app.tokens.sign(person.id, row.tokenVersion, undefined, { mfa: true });
  return bearer(person);
}

/** A path with its parameters filled: a real id where one is known, else a stranger's uuid, or garbage. */
function fillPath(path: string, variant: number): string {
  const garbage = ['no-es-un-id', '0', '-1', 'a'.repeat(300), '%E2%80%AE%00', '00000000-0000-0000-0000-000000000000'];
  return path.replace(/:(\w+)/g, (_m, name: string, offset: number) => {
    const before = path.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
    const real = ids[name] ?? ids[before];
    if (variant === 0 && real) return real;
    if (variant <= 1) return randomUUID();
    return garbage[variant % garbage.length];
  });
}

interface Sent {
  payload?: string;
  contentType?: string;
  label: string;
  /** Costly to parse: sent by the route's first caller only (the body limit and the parser are the route's). */
  heavy?: boolean;
}

async function send(route: WriteRoute, role: Role, sent: Sent, variant = 0): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(await authHeaders(role)), 'idempotency-key': randomUUID() };
  if (sent.contentType) headers['content-type'] = sent.contentType;
  return ctx.app.inject({
    method: route.method as 'POST',
    url: fillPath(route.path, variant),
    headers,
    payload: sent.payload,
    // Each request from its own address: the per-address limits stay out of the way of what is fuzzed.
    remoteAddress: `10.${(++counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
  });
}

/** Never a 5xx; an error's message (and each field's) in Spanish. */
function check(route: WriteRoute, role: Role, sent: Sent, res: LightMyRequestResponse) {
  const where = `${key(route)} as ${role}, ${sent.label}: ${(sent.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = json(res);
  const message: unknown = body.error?.message;
  expect(typeof message, where).toBe('string');
  expect(message, where).toMatch(SPANISH);
  expect(message, where).not.toMatch(ENGLISH);
  for (const text of Object.values((body.error?.fields ?? {}) as Record<string, string>)) {
    expect(text, where).not.toMatch(ENGLISH);
  }
}

// ——— hostile bodies ———

/** Every field name the contract knows (read from its schemas once the routes are known). */
const FIELD_NAMES = new Set<string>();
function collectFields(schema: z.ZodType | undefined, seen = new Set<z.ZodType>()) {
  if (!schema || seen.has(schema)) return;
  seen.add(schema);
  const d = defOf(schema);
  for (const [k, v] of Object.entries(d.shape ?? {})) {
    FIELD_NAMES.add(k);
    collectFields(v, seen);
  }
  for (const inner of [d.innerType, d.in, d.out, d.element, d.valueType, d.catchall, ...(d.options ?? [])])
    collectFields(inner, seen);
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  catchall?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  defaultValue?: unknown;
  items?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A plausible value for a schema: the shape a client would send, rarely valid in every rule, always the right type. */
function sample(schema: z.ZodType | undefined, field = '', depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  const d = defOf(schema);
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape ?? {})) out[k] = sample(v, k, depth + 1);
      return out;
    }
    case 'array':
      return [sample(d.element, field, depth + 1)];
    case 'tuple':
      return (d.items ?? []).map((i) => sample(i, field, depth + 1));
    case 'record':
      return {};
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(d.innerType, field, depth + 1);
    case 'pipe':
      return sample(d.in, field, depth + 1);
    case 'union':
      return sample(d.options?.[0], field, depth + 1);
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'boolean':
      return true;
    case 'number':
    case 'int':
      return 2;
    case 'bigint':
      return 2;
    case 'string': {
      if (d.format === 'uuid' || d.format === 'guid')
        return ids[field] ?? (/lote/i.test(field) ? ids.lotes : randomUUID());
      if (d.format === 'email') return `fuzz-${++counter}@example.com`;
      if (d.format === 'url') return 'https://cereza.example/x';
      if (d.format === 'datetime') return '2026-01-15T10:00:00.000Z';
      if (d.format === 'date') return '2026-01-15';
      if (/fecha/i.test(field)) return '2026-01-15';
      return 'Texto de prueba';
    }
    default:
      return 'x';
  }
}

const utf16Char = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileText = fc.oneof(
  fc.string({ unit: utf16Char, maxLength: 30 }),
  fc.constantFrom(
    '\u0000',
    'a\ud800',
    '\udc00b',
    '\u202eetiqueta',
    '\u200b\u200d\u2060',
    '\ufeff',
    '\u001b[31m',
    '12',
    '-1',
    '1e309',
    'NaN',
    '0000-01-01',
    '9999-99-99',
    "$`$'$&",
    '</script><script>alert(1)</script>',
    "' OR 1=1 --",
    'x'.repeat(20_000),
  ),
);
const hostileValue = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 31) - 1, 0.5, [], {}, [null], {
    constructor: { prototype: { polluted: 1 } },
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Paths of the leaves of a JSON value (array elements and object values, recursively). */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leaves(v, [...path, k]));
    return path.length ? [path, ...inner] : inner;
  }
  return [path];
}
function setAt(target: Record<string | number, unknown>, path: (string | number)[], value: unknown) {
  let at = target;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
}

const mutation = fc.record({
  pick: fc.nat(),
  how: fc.constantFrom('replace', 'append', 'remove', 'extra', 'proto'),
  text: hostileText,
  value: hostileValue,
});
type Mutation = { pick: number; how: string; text: string; value: unknown };

function mutated(base: unknown, muts: Mutation[]): string {
  if (!base || typeof base !== 'object') base = {};
  const body = structuredClone(base) as Record<string | number, unknown>;
  let extra = '';
  for (const m of muts) {
    const all = leaves(body);
    if (m.how === 'proto') {
      extra = `"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},`;
      continue;
    }
    if (!all.length || m.how === 'extra') {
      body[`extra${m.text.slice(0, 10)}`] = m.value;
      continue;
    }
    const path = all[m.pick % all.length];
    let current: unknown = body;
    for (const k of path) current = (current as Record<string | number, unknown>)[k];
    if (m.how === 'remove') setAt(body, path, undefined);
    else if (m.how === 'append' && typeof current === 'string') setAt(body, path, current + m.text);
    else setAt(body, path, m.value);
  }
  const text = JSON.stringify(body) ?? '{}';
  return extra && text.startsWith('{') && text.length > 2 ? `{${extra}${text.slice(1)}` : text;
}

function fixedBodies(): Sent[] {
  const names = [...FIELD_NAMES];
  const every = (v: unknown) => JSON.stringify(Object.fromEntries(names.map((n) => [n, v])));
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const j = 'application/json';
  return [
    { label: 'no body, no content type' },
    { label: 'empty JSON body', contentType: j, payload: '' },
    { label: 'JSON null', contentType: j, payload: 'null' },
    { label: 'JSON array', contentType: j, payload: '[1,"a",null,{}]' },
    { label: 'JSON string', contentType: j, payload: '"texto"' },
    { label: 'JSON number', contentType: j, payload: '12' },
    { label: 'malformed JSON', contentType: j, payload: '{"a":1,' },
    { label: 'prototype pollution', contentType: j, payload: '{"__proto__":{"isAdmin":true},"a":1}' },
    { label: 'constructor pollution', contentType: j, payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    { label: 'deep nesting', contentType: j, payload: deep(3_000), heavy: true },
    {
      label: 'string near the body limit',
      contentType: j,
      payload: JSON.stringify({ texto: 'é'.repeat(400_000) }),
      heavy: true,
    },
    {
      label: 'body past the limit',
      contentType: j,
      payload: JSON.stringify({ texto: 'x'.repeat(1_100_000) }),
      heavy: true,
    },
    { label: 'every field null', contentType: j, payload: every(null) },
    { label: 'every field a number as text', contentType: j, payload: every('12') },
    { label: 'every field an array', contentType: j, payload: every([]) },
    { label: 'every field an object', contentType: j, payload: every({ a: { b: [1] } }) },
    { label: 'every field huge', contentType: j, payload: every(1e308) },
    { label: 'every field bidi and controls', contentType: j, payload: every('\u202e\u0000\u200b\u001b\ud800') },
    { label: 'text/plain', contentType: 'text/plain', payload: 'hola' },
    { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=b&__proto__[x]=1' },
    { label: 'xml', contentType: 'application/xml', payload: '<a>1</a>' },
    { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'x' },
    {
      label: 'multipart with a field',
      contentType: 'multipart/form-data; boundary=zz',
      payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n',
    },
    { label: 'JSON with a charset nobody uses', contentType: 'application/json; charset=utf-32', payload: '{}' },
  ];
}

/** The roles a route does not turn away at the door (401 or 403 whatever the body). */
async function relevantRoles(route: WriteRoute, failures: string[]): Promise<Role[]> {
  const relevant: Role[] = [];
  for (const role of ROLES) {
    const sent: Sent = { label: 'probe {}', contentType: 'application/json', payload: '{}' };
    const res = await send(route, role, sent);
    try {
      check(route, role, sent, res);
    } catch (err) {
      failures.push((err as Error).message.split('\n')[0]);
    }
    if (res.statusCode !== 401 && res.statusCode !== 403) relevant.push(role);
  }
  return relevant;
}

describe('every write route, from the route table, with hostile bodies', () => {
  it('finds the write routes of every module', () => {
    expect(routes.length).toBeGreaterThan(60);
    const paths = routes.map(key);
    for (const r of [
      'POST /api/pedidos',
      'POST /api/pedidos/:id/acciones',
      'DELETE /api/users/me',
      'PATCH /api/busquedas/:id',
    ])
      expect(paths).toContain(r);
  });

  it('never answers 5xx and always answers an error in Spanish', async () => {
    const failures: string[] = [];
    const probed: [WriteRoute, Role[]][] = [];
    for (const route of routes) probed.push([route, await relevantRoles(route, failures)]);
    for (const schema of bodySchemas.values()) collectFields(schema);
    // Some route must take each role (or its check above is a test that cannot fail).
    for (const role of ROLES)
      expect(
        probed.some(([, r]) => r.includes(role)),
        role,
      ).toBe(true);
    const fixed = fixedBodies();
    for (const [route, roles] of probed) {
      for (const role of roles) {
        for (const sent of fixed) {
          if (sent.heavy && role !== roles[0]) continue;
          try {
            check(route, role, sent, await send(route, role, sent));
          } catch (err) {
            failures.push((err as Error).message.split('\n')[0]);
          }
        }
        // Each kind of path parameter: a stranger's id and garbage (too long for the router, NUL, bidi…).
        if (route.path.includes(':')) {
          for (let variant = 1; variant < 6; variant++) {
            const sent: Sent = { label: `path variant ${variant}`, contentType: 'application/json', payload: '{}' };
            try {
              check(route, role, sent, await send(route, role, sent, variant));
            } catch (err) {
              failures.push((err as Error).message.split('\n')[0]);
            }
          }
        }
        const base = sample(bodySchemas.get(key(route)));
        await fc
          .assert(
            fc.asyncProperty(
              fc.array(mutation, { minLength: 0, maxLength: 4 }),
              fc.nat({ max: 5 }),
              async (muts, variant) => {
                const sent: Sent = { label: 'mutated', contentType: 'application/json', payload: mutated(base, muts) };
                try {
                  check(route, role, sent, await send(route, role, sent, variant));
                } catch (err) {
                  failures.push((err as Error).message.split('\n')[0]);
                  throw err;
                }
              },
            ),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          )
          .catch(() => {
            // recorded above, one line per failing body
          });
      }
    }
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
