import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API } from '../../contract/auth-endpoints';
import { BLOG_API } from '../../contract/blog-endpoints';
import type { Endpoint } from '../../contract/endpoint';
import { EUDR_API } from '../../contract/eudr-endpoints';
import { FAVORITOS_API } from '../../contract/favoritos-endpoints';
import { FINCAS_API } from '../../contract/fincas-endpoints';
import { LOTES_API } from '../../contract/lotes-endpoints';
import { NOTICIAS_API } from '../../contract/noticias-endpoints';
import { OFERTA_FORMATOS } from '../../contract/oferta';
import { NOTIFICACIONES_API } from '../../contract/notificaciones-endpoints';
import { PERFILES_API } from '../../contract/perfiles-endpoints';
import { PRODUCTORES_API } from '../../contract/productores-endpoints';
import { USERS_API } from '../../contract/users-endpoints';
import { VERIFICACION_API } from '../../contract/verificacion-endpoints';
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

/** The public pages' and the account's declarations (the same decision), and the paths their modules answer under. */
const PUBLIC_DECLARATIONS: Record<string, Record<string, Endpoint>> = {
  FAVORITOS_API,
  NOTIFICACIONES_API,
  BLOG_API,
  PRODUCTORES_API,
  PERFILES_API,
  NOTICIAS_API,
  LOTES_API,
  USERS_API,
  AUTH_API,
};
const PUBLIC =
  /^\/api\/(favoritos|notificaciones|blog|inicio|productores|noticias|productor\/(perfil|noticias|lotes)|comprador\/perfil|lotes|users|auth)(\/|$)/;
/** Declared by other features under those paths: a lot's farms, EUDR summary and lab cupping, a producer's farms. */
const NEIGHBOURS = [FINCAS_API, EUDR_API, VERIFICACION_API, LABORATORIO_API, PEDIDOS_API];

/** Files, downloaded rather than called: their answer is the file itself (web/lib/download.ts). */
const FILES = new Set([
  'GET /api/facturas/:id/pdf',
  'GET /api/pedidos/:id/documentos/:docId',
  'GET /api/pedidos/:id/eudr.geojson',
  'GET /api/pedidos/:id/diligencia.pdf',
  ...OFERTA_FORMATOS.map((f) => `GET /api/lotes/oferta.${f}`),
  'GET /api/lotes/:id/eudr.geojson',
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

describe('the public pages’ and the account’s endpoints are declared once (issue 27, decision 077)', () => {
  it('each declaration is a registered route that checks its answer', () => {
    for (const [name, api] of Object.entries(PUBLIC_DECLARATIONS)) {
      for (const [key, e] of Object.entries(api)) {
        const r = routes.get(`${e.method} ${e.path}`);
        expect(r, `${name}.${key}: ${e.method} ${e.path} is not registered`).toBeDefined();
        expect(r?.answerChecked, `${name}.${key}: ${e.method} ${e.path} answers without a schema`).toBe(true);
      }
    }
  });

  it('every JSON route under their paths is a declaration', () => {
    const declared = new Set(
      [...Object.values(PUBLIC_DECLARATIONS), ...NEIGHBOURS].flatMap((api) =>
        Object.values(api).map((e) => `${e.method} ${e.path}`),
      ),
    );
    const own = [...routes.keys()].filter((k) => PUBLIC.test(k.split(' ')[1]) && !FILES.has(k));
    expect(own.length).toBeGreaterThanOrEqual(50);
    expect(own.filter((k) => !declared.has(k))).toEqual([]);
  });
});
