import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The rules that keep the server's shape are in eslint.config.js; these tests show that each one fails a deliberate
 * violation (and passes the allowed form), so a rule that silently stopped matching would be noticed.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '..', file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the composition root (issue 27)', () => {
  it('refuses a module that registers its own scheduled task', async () => {
    const code = 'declare const app: { scheduler: { register(t: unknown): void } };\napp.scheduler.register({});\n';
    expect(await messages('src/server/modules/muestras/probe.ts', code)).toContain(
      'no-restricted-syntax: Scheduled tasks are listed in src/server/composition.ts (scheduledTasks).',
    );
    expect(await messages('src/server/composition-probe.ts', code)).toEqual([]);
  });

  it('refuses a module that hooks itself into another module', async () => {
    const code = 'declare function engancharFacturasAPedidos(): void;\nengancharFacturasAPedidos();\n';
    expect(await messages('src/server/modules/facturas/probe.ts', code)).toContain(
      'no-restricted-syntax: Cross-module reactions are wired in src/server/composition.ts (wireTradeReactions).',
    );
  });
});

describe('page addresses in one place (issue 27)', () => {
  const refused =
    'no-restricted-syntax: Page addresses live in src/contract/paginas.ts (PAGINAS): import the page from there.';

  it('refuses a /Dashboard/ string or template outside contract/paginas', async () => {
    const server = 'export const enlace = (id: string) => `/Dashboard/comprador/muestras?muestra=${id}`;\n';
    expect(await messages('src/server/modules/muestras/probe.ts', server)).toContain(refused);
    const mail = 'export const url = (u: string, rol: string) => `${u}/Dashboard/${rol}/usuario`;\n';
    expect(await messages('src/server/modules/notificaciones/probe.ts', mail)).toContain(refused);
    const link = 'export const a = <a href="/Dashboard/productor/Lotes">Lotes</a>;\n';
    expect(await messages('src/web/features/lotes/probe.tsx', link)).toContain(refused);
  });

  it('keeps the other rules of a server module beside it', async () => {
    const code = 'declare function engancharX(): void;\nengancharX();\nexport const p = "/Dashboard/operador";\n';
    const found = await messages('src/server/modules/facturas/probe.ts', code);
    expect(found).toContain(refused);
    expect(found).toContain(
      'no-restricted-syntax: Cross-module reactions are wired in src/server/composition.ts (wireTradeReactions).',
    );
  });

  it('allows the address in contract/paginas, and any other path', async () => {
    expect(await messages('src/contract/paginas.ts', "export const p = '/Dashboard/comprador';\n")).toEqual([]);
    expect(await messages('src/web/features/lotes/probe.ts', "export const p = '/lotes';\n")).toEqual([]);
  });
});

describe('one door per server module (issue 27, decision 074)', () => {
  const doors = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
  const messages = async (file: string, code: string): Promise<string[]> => {
    const [result] = await doors.lintText(code, { filePath: path.resolve(import.meta.dirname, '..', file) });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const door = 'Another server module is reached through its door';
  const testDoor = 'A test reaches another server module through its door';
  const has = (found: string[], text: string) =>
    found.some((m) => m.startsWith('import-x/no-restricted-paths') && m.includes(text));

  it("refuses a module that imports another module's file other than its index.ts", async () => {
    const code = "import { notify } from '../notificaciones/notify';\nexport const n = notify;\n";
    expect(has(await messages('src/server/modules/muestras/probe.ts', code), door)).toBe(true);
    const deep = "import { lotesChanged } from '../lotes/changed';\nexport const c = lotesChanged;\n";
    expect(has(await messages('src/server/modules/pedidos/probe.ts', deep), door)).toBe(true);
  }, 120_000); // the first lint of the file loads the parser and the resolver

  it('allows the door, and a module its own files', async () => {
    const viaDoor = "import { notify } from '../notificaciones';\nexport const n = notify;\n";
    expect(await messages('src/server/modules/muestras/probe.ts', viaDoor)).toEqual([]);
    const own = "import { notify } from './notify';\nexport const n = notify;\n";
    expect(await messages('src/server/modules/notificaciones/probe.ts', own)).toEqual([]);
  });

  it("lets a test use another module's test-fixtures.ts, and nothing else behind its door", async () => {
    const fixtures = "import { postLote } from '../lotes/test-fixtures';\nexport const p = postLote;\n";
    expect(await messages('src/server/modules/pedidos/probe.test.ts', fixtures)).toEqual([]);
    expect(has(await messages('src/server/modules/pedidos/probe.ts', fixtures), door)).toBe(true);
    const internal = "import { lotesChanged } from '../lotes/changed';\nexport const c = lotesChanged;\n";
    expect(has(await messages('src/server/modules/pedidos/probe.test.ts', internal), testDoor)).toBe(true);
  });
});

describe('only a module imports its own tables (issue 27, decision 074)', () => {
  const tables = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
  const messages = async (file: string, code: string): Promise<string[]> => {
    const [result] = await tables.lintText(code, { filePath: path.resolve(import.meta.dirname, '..', file) });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const refused = (found: string[]) =>
    found.some(
      (m) => m.startsWith('import-x/no-restricted-paths') && m.includes('A module imports only its own tables'),
    );

  it("refuses a module importing another module's schema file, or the schema's index", async () => {
    const cross = "import { facturas } from '../../db/schema/facturas';\nexport const f = facturas;\n";
    expect(refused(await messages('src/server/modules/favoritos/probe.ts', cross))).toBe(true);
    const index = "import { favoritos } from '../../db/schema';\nexport const f = favoritos;\n";
    expect(refused(await messages('src/server/modules/favoritos/probe.ts', index))).toBe(true);
  }, 120_000); // the first lint of the file loads the parser and the resolver

  it('allows its own tables, an allowlisted pair, the shared tables, and any table in a test', async () => {
    const own = "import { favoritos } from '../../db/schema/favoritos';\nexport const f = favoritos;\n";
    expect(refused(await messages('src/server/modules/favoritos/probe.ts', own))).toBe(false);
    const listed = "import { lotes } from '../../db/schema/lotes';\nexport const l = lotes;\n";
    expect(refused(await messages('src/server/modules/favoritos/probe.ts', listed))).toBe(false);
    const shared = "import { eventos } from '../../db/schema/eventos';\nexport const e = eventos;\n";
    expect(refused(await messages('src/server/modules/favoritos/probe.ts', shared))).toBe(false);
    const cross = "import { facturas } from '../../db/schema/facturas';\nexport const f = facturas;\n";
    expect(refused(await messages('src/server/modules/favoritos/probe.test.ts', cross))).toBe(false);
  });
});

describe('endpoints declared once (issue 27, decision 077)', () => {
  const refused =
    "no-restricted-syntax: Call the endpoint's declaration: call(X_API.y, { params, query, body }) (decision 077).";

  it('refuses api() with a path and a type of its own in a feature moved to declarations', async () => {
    const code =
      "import { api } from '../../lib/api';\nexport const f = () => api<{ data: { n: number } }>('/api/busquedas');\n";
    expect(await messages('src/web/features/busquedas/probe.ts', code)).toContain(refused);
    const typed =
      "import { call } from '../../lib/api';\nimport { BUSQUEDAS_API } from '../../../contract/busquedas-endpoints';\n" +
      'export const f = () => call<never>(BUSQUEDAS_API.listar);\n';
    expect(await messages('src/web/features/busquedas/probe.ts', typed)).toContain(
      'no-restricted-syntax: call() reads the answer from the declaration: do not name a type of its own (decision 077).',
    );
  });

  it('allows the call through the declaration', async () => {
    const code =
      "import { call } from '../../lib/api';\nimport { BUSQUEDAS_API } from '../../../contract/busquedas-endpoints';\n" +
      'export const f = () => call(BUSQUEDAS_API.listar);\n';
    expect(await messages('src/web/features/busquedas/probe.ts', code)).toEqual([]);
  });
});

describe('one naming rule (decision 010, issue 27)', () => {
  const refused = (found: string[]) => found.filter((m) => m.startsWith('id-match:'));

  it('refuses a declared name that starts with a Spanish technical verb, in server, web and tests', async () => {
    const server = 'export async function crearFinca() {}\nexport const listarPlanes = () => [];\n';
    expect(refused(await messages('src/server/modules/fincas/probe.ts', server))).toHaveLength(2);
    const web = 'export function useGuardarFinca() {}\nexport function DescargarPdf() { return null; }\n';
    expect(refused(await messages('src/web/features/fincas/probe.tsx', web))).toHaveLength(2);
    const alias = "import { read as leerShapefile } from 'shapefile';\nexport const x = leerShapefile;\n";
    expect(refused(await messages('src/server/modules/fincas/probe2.ts', alias))).not.toEqual([]);
  });

  it('allows English technical verbs, the trade acts of the lifecycles, and Spanish words that only start alike', async () => {
    const ok =
      'export function createFinca() {}\nexport function useSaveFinca() {}\nexport function reservarPedido() {}\n' +
      'export function enviarPss() {}\nexport function emitirFacturaVenta() {}\nexport const cargamento = 1;\n' +
      'export const leerlo = 2;\nexport const marcador = 3;\n';
    expect(refused(await messages('src/server/modules/pedidos/probe.ts', ok))).toEqual([]);
  });
});

describe('one way to build a form (issue 27, decision 015)', () => {
  const handMade =
    "import { useState, type FormEvent } from 'react';\nexport function useX() {\n  const [e, setE] = useState('');\n  return { e, submit: (ev: FormEvent) => { ev.preventDefault(); setE('x'); } };\n}\n";
  const refused =
    "no-restricted-imports: 'FormEvent' import from 'react' is restricted. Build the form with react-hook-form and formOf, and send it with useFormSubmit (decision 015).";

  it('refuses a submit handler typed by hand in a trade feature, a shared component or a route', async () => {
    expect(await messages('src/web/features/pedidos/probe.tsx', handMade)).toContain(refused);
    expect(await messages('src/web/features/muestras/probe.tsx', handMade)).toContain(refused);
    expect(await messages('src/web/components/probe.tsx', handMade)).toContain(refused);
    expect(await messages('src/web/routes/productor/probe.tsx', handMade)).toContain(refused);
    expect(await messages('src/web/features/auth/probe.tsx', handMade)).toContain(refused);
    const focus = "import { focusField } from '../../lib/form-errors';\nfocusField('x');\n";
    expect((await messages('src/web/features/solicitudes/probe.ts', focus)).join('\n')).toMatch(
      /no-restricted-imports: 'focusField' import from '\.\.\/\.\.\/lib\/form-errors' is restricted/,
    );
  });

  it('allows the forms left out on purpose, and the shared helper', async () => {
    expect(await messages('src/web/features/account/delete-account-page.tsx', handMade)).toEqual([]);
    expect(await messages('src/web/features/pedidos/comprar.tsx', handMade)).toEqual([]);
    // The inventory row is on formOf now: it is no longer left out.
    expect(await messages('src/web/features/lotes/components/inventario.tsx', handMade)).toContain(refused);
    const helper = "import { useFormSubmit } from '../../lib/form-errors';\nexport const u = useFormSubmit;\n";
    expect(await messages('src/web/features/pedidos/probe.ts', helper)).toEqual([]);
  });

  it('refuses zodResolver by hand anywhere in the web app, the rest of the form rule still holding', async () => {
    const byHand =
      "import { zodResolver } from '@hookform/resolvers/zod';\nimport { z } from 'zod';\nexport const r = zodResolver(z.object({}));\n";
    const zod = /no-restricted-imports: '@hookform\/resolvers\/zod' import is restricted/;
    expect((await messages('src/web/features/busquedas/probe.tsx', byHand)).join('\n')).toMatch(zod);
    expect((await messages('src/web/lib/probe.ts', byHand)).join('\n')).toMatch(zod);
    const both = `${byHand}import type { FormEvent } from 'react';\nexport type E = FormEvent;\n`;
    const inPedidos = await messages('src/web/features/pedidos/probe.tsx', both);
    expect(inPedidos).toContain(refused);
    expect(inPedidos.join('\n')).toMatch(zod);
    expect(await messages('src/web/lib/form-schema.ts', byHand)).toEqual([]);
  });
});
