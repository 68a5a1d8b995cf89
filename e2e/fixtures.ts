import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';

export interface E2EUser {
  email: string;
  password: string;
  token: string;
  dataUser: Record<string, any> & { id: string; tipoUser: 'PRODUCTOR' | 'COMPRADOR' };
  /** A producer's public name: unique per producer (the server refuses a taken one), "Finca Los Naranjos 1a2b3c4d". */
  nombre?: string;
}

export const E2E_PASSWORD = 'tueste-claro-de-altura';

const PERFIL_PRODUCTOR = {
  tipoProductor: 'FINCA',
  nombre: 'Finca Los Naranjos',
  pais: 'CO',
  region: 'Huila',
  municipio: 'Pitalito',
  altitud: 1750,
  descripcion: 'Finca familiar de café lavado en las montañas del sur del Huila.',
};
const PERFIL_COMPRADOR = {
  fechaOrigen: '2016-05-01',
  empresa: 'Tostadores del Puerto',
  tipoComprador: 'TOSTADOR',
  pais: 'ES',
  ciudad: 'Valencia',
};

/** Registers a user through the API (no UI), optionally with the role's base profile. */
export async function createUser(
  request: APIRequestContext,
  role: 'productor' | 'comprador',
  opts: { perfil?: boolean; perfilData?: Record<string, unknown> } = {},
): Promise<E2EUser> {
  const uid = randomUUID().slice(0, 8);
  const email = `e2e-${role}-${uid}@example.com`;
  const nombre = `${PERFIL_PRODUCTOR.nombre} ${uid}`;
  const res = await request.post('/api/auth/register', {
    data: {
      email,
      password: E2E_PASSWORD,
      nombre: 'Prueba',
      apellido: role === 'productor' ? 'Productora' : 'Compradora',
      tipoUser: role.toUpperCase(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  let user: E2EUser = { email, password: E2E_PASSWORD, token: body.token, dataUser: body.dataUser, nombre };
  if (opts.perfil !== false) {
    const perfil = {
      ...(role === 'productor' ? { ...PERFIL_PRODUCTOR, nombre } : PERFIL_COMPRADOR),
      ...opts.perfilData,
    };
    const p = await request.post(`/api/${role}/perfil`, {
      data: perfil,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(p.status(), await p.text()).toBeLessThan(300);
    user = { ...user, dataUser: (await p.json()).dataUser, nombre: String(opts.perfilData?.nombre ?? nombre) };
  }
  return user;
}

/** Puts a session in the browser's storage before any page script runs (login without the UI). */
export async function loginAs(page: Page, user: E2EUser) {
  await page.addInitScript(
    ([token, dataUser]) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem('authToken', token as string);
      localStorage.setItem('dataUser', JSON.stringify({ user: dataUser, timestamp: Date.now(), expiresIn: 3_600_000 }));
    },
    [user.token, user.dataUser] as const,
  );
}

// A transparent 1×1 PNG: the map's tiles in tests (issue 30).
const TESELA_EN_BLANCO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * The map's tiles come from OpenStreetMap (the default MAP_TILE_URL, which the CSP must allow): in tests a blank
 * local tile answers instead of the internet, so the page still asks for the real addresses.
 */
export async function teselasLocales(context: BrowserContext) {
  await context.route(/^https:\/\/[a-z]\.tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TESELA_EN_BLANCO }),
  );
}

/**
 * Every test fails on an uncaught page error (a JavaScript exception in the app), a CSP violation or a
 * hydration mismatch (server and browser rendering a page differently).
 */
export const test = base.extend<{ pageErrors: Error[] }>({
  context: async ({ context }, use) => {
    await teselasLocales(context);
    await use(context);
  },
  // Public pages arrive server-rendered and the app script loads after the first paint: a navigation is
  // complete for a test once the app has taken the page over (html[data-app="ready"]), as a user's would be
  // a moment later.
  page: async ({ page, javaScriptEnabled }, use) => {
    const ready = async () => {
      if (javaScriptEnabled !== false)
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    };
    const thenReady =
      <A extends unknown[]>(navigate: (...args: A) => Promise<Response | null>) =>
      async (...args: A) => {
        const res = await navigate(...args);
        if (res?.headers()['content-type']?.includes('text/html')) await ready();
        return res;
      };
    page.goto = thenReady(page.goto.bind(page));
    page.reload = thenReady(page.reload.bind(page));
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (err) => errors.push(err));
      // A script or style the Content Security Policy blocks is a defect too (e.g. the inline colour-mode script).
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|hydrat/i.test(m.text())) errors.push(new Error(m.text()));
      });
      await use(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
