import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { CAJAS_API } from '../../contract/cajas-endpoints';
import { FACTURAS_API } from '../../contract/facturas-endpoints';
import { LABORATORIO_API } from '../../contract/laboratorio-endpoints';
import { MENSAJES_API } from '../../contract/mensajes-endpoints';
import { MUESTRAS_API } from '../../contract/muestras-endpoints';
import { PEDIDOS_API } from '../../contract/pedidos-endpoints';
import { PLANIFICADORES_API } from '../../contract/planificadores-endpoints';
import { SOLICITUDES_API } from '../../contract/solicitudes-endpoints';
import { createTestApp, type TestContext } from '../test/helpers';

/**
 * The trade's endpoints are declared once (issue 27, decision 077): every JSON route under the trade's paths is one of
 * the declarations, and checks its answer with a schema. A route added with `app.get(…)` and no declaration, or one
 * answering whatever its service returns, fails here.
 */
const DECLARATIONS: Record<string, Record<string, Endpoint>> = {
  FACTURAS_API,
  LABORATORIO_API,
  PLANIFICADORES_API,
  SOLICITUDES_API,
  MENSAJES_API,
  PEDIDOS_API,
  MUESTRAS_API,
  CAJAS_API,
};

/** The paths those modules answer under. */
const TRADE =
  /^\/api\/(facturas|movimientos|productor\/(clientes|catas|ventas)|laboratorio|planificadores|solicitudes|respuestas|conversaciones|pedidos|muestras|caja-muestras|cajas-muestras)(\/|$)/;

/** Files, downloaded rather than called: their answer is the file itself (web/lib/download.ts). */
const FILES = new Set([
  'GET /api/facturas/:id/pdf',
  'GET /api/pedidos/:id/documentos/:docId',
  'GET /api/pedidos/:id/eudr.geojson',
  'GET /api/pedidos/:id/diligencia.pdf',
]);

let ctx: TestContext;
const routes = new Map<string, { answerChecked: boolean }>();

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      onRoute: (r) => {
        for (const method of [r.method].flat()) {
          if (method !== 'HEAD') routes.set(`${method} ${r.url}`, { answerChecked: !!r.schema?.response });
        }
      },
    },
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('the trade’s endpoints are declared once (issue 27, decision 077)', () => {
  it('each declaration is a registered route that checks its answer', () => {
    for (const [name, api] of Object.entries(DECLARATIONS)) {
      for (const [key, e] of Object.entries(api)) {
        const r = routes.get(`${e.method} ${e.path}`);
        expect(r, `${name}.${key}: ${e.method} ${e.path} is not registered`).toBeDefined();
        expect(r?.answerChecked, `${name}.${key}: ${e.method} ${e.path} answers without a schema`).toBe(true);
      }
    }
  });

  it('every JSON route under the trade’s paths is one of the declarations', () => {
    const declared = new Set(
      Object.values(DECLARATIONS).flatMap((api) => Object.values(api).map((e) => `${e.method} ${e.path}`)),
    );
    const trade = [...routes.keys()].filter((k) => TRADE.test(k.split(' ')[1]) && !FILES.has(k));
    expect(trade.length).toBeGreaterThanOrEqual(50);
    for (const k of trade) expect(declared, `${k} is registered without a declaration`).toContain(k);
  });
});
