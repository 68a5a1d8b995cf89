import AxeBuilder from '@axe-core/playwright';
import { apiSignIn, DEMO_TOTP } from './support/segundo-factor';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';

/*
 * Every page, in light and in dark mode, checked by axe (WCAG 2.x A and AA rules): no violation of serious or
 * critical impact. One test per page or opened state, each checked light then dark, so a failure names both.
 */

// Each test reads the demo data only, and stands alone: CI's shards may split this file (scripts/test.mjs).
test.describe.configure({ mode: 'parallel' });

type Who = 'visitante' | 'productor' | 'comprador' | 'laboratorio';
interface PageCase {
  path: string;
  who: Who;
  /** What says the page is there (its heading), before axe looks at it. */
  heading: RegExp | string;
}

const DEMO_PASSWORD = 'cereza-demo-2026';
const DEMO = {
  productor: 'productor@cereza.example',
  comprador: 'comprador@cereza.example',
  laboratorio: 'laboratorio@cereza.example',
} as const;

const P = '/Dashboard/productor';
const C = '/Dashboard/comprador';
const L = '/Dashboard/laboratorio';

/** The table of pages: {lote}, {perfil} and {post} are filled from the demo data. */
const PAGES: PageCase[] = [
  { path: '/', who: 'visitante', heading: /café verde/i },
  { path: '/lotes', who: 'visitante', heading: 'Lotes de café verde' },
  { path: '/lote/{lote}', who: 'visitante', heading: /./ },
  { path: '/perfil/{perfil}', who: 'visitante', heading: /./ },
  { path: '/perfil/{perfil}/Lotes', who: 'visitante', heading: /./ },
  { path: '/perfil/{perfil}/Noticias', who: 'visitante', heading: /./ },
  { path: '/Guia', who: 'visitante', heading: /./ },
  { path: '/Guia/verificados', who: 'visitante', heading: /./ },
  { path: '/Blog', who: 'visitante', heading: /./ },
  { path: '/Blog/{post}', who: 'visitante', heading: /./ },
  { path: '/ayuda', who: 'visitante', heading: 'Centro de ayuda' },
  { path: '/ayuda/faq', who: 'visitante', heading: /./ },
  { path: '/about', who: 'visitante', heading: /./ },
  { path: '/pagina-que-no-existe', who: 'visitante', heading: /no hemos podido encontrar/ },
  { path: '/Auth/Login', who: 'visitante', heading: 'Iniciar sesión' },
  { path: '/Auth/Registro', who: 'visitante', heading: /./ },
  { path: '/Auth/Recuperar', who: 'visitante', heading: /./ },
  { path: '/Auth/Restablecer', who: 'visitante', heading: /./ },
  { path: '/Auth/Verificar', who: 'visitante', heading: /./ },
  { path: '/Auth/BajaBusqueda?token=no-es-un-token', who: 'visitante', heading: 'No hemos podido darte de baja' },
  { path: P, who: 'productor', heading: /./ },
  { path: `${P}/Lotes`, who: 'productor', heading: 'Mis lotes' },
  { path: `${P}/Lotes/Crear`, who: 'productor', heading: /./ },
  { path: `${P}/Lotes/Edit/{lote}`, who: 'productor', heading: /./ },
  { path: `${P}/inventario`, who: 'productor', heading: 'Inventario' },
  { path: `${P}/perfil`, who: 'productor', heading: /./ },
  { path: `${P}/perfil/about`, who: 'productor', heading: /./ },
  { path: `${P}/perfil/imagenes`, who: 'productor', heading: /./ },
  { path: `${P}/perfil/Lotes`, who: 'productor', heading: /./ },
  { path: `${P}/perfil/Noticias`, who: 'productor', heading: /./ },
  { path: `${P}/pedidos_muestras`, who: 'productor', heading: 'Pedidos de muestras' },
  { path: `${P}/ventas`, who: 'productor', heading: 'Ventas' },
  { path: `${P}/ventas/pedidos`, who: 'productor', heading: 'Pedidos recibidos' },
  { path: `${P}/productores`, who: 'productor', heading: /./ },
  { path: `${P}/solicita`, who: 'productor', heading: 'Solicitudes de compradores' },
  { path: `${P}/informacion/movimientos`, who: 'productor', heading: 'Movimientos' },
  { path: `${P}/comunidad/clientes`, who: 'productor', heading: 'Clientes' },
  { path: `${P}/notificaciones`, who: 'productor', heading: /./ },
  { path: `${P}/mensajes`, who: 'productor', heading: 'Mensajes' },
  { path: `${P}/usuario`, who: 'productor', heading: /./ },
  { path: `${P}/usuario/Notificaciones`, who: 'productor', heading: /./ },
  { path: `${P}/usuario/InformacionComercial`, who: 'productor', heading: /./ },
  { path: `${P}/usuario/EliminarCuenta`, who: 'productor', heading: /./ },
  { path: C, who: 'comprador', heading: /./ },
  { path: `${C}/favoritos`, who: 'comprador', heading: /./ },
  { path: `${C}/muestras`, who: 'comprador', heading: 'Muestras' },
  { path: `${C}/caja-muestras`, who: 'comprador', heading: 'Caja de muestras' },
  { path: `${C}/busquedas`, who: 'comprador', heading: 'Búsquedas guardadas' },
  { path: `${C}/facturas`, who: 'comprador', heading: 'Facturas' },
  { path: `${C}/facturas?vista=movimientos`, who: 'comprador', heading: 'Facturas' },
  { path: `${C}/usuario`, who: 'comprador', heading: /./ },
  { path: `${C}/pedidos`, who: 'comprador', heading: 'Pedidos' },
  { path: `${C}/solicitudes`, who: 'comprador', heading: 'Solicitudes de abastecimiento' },
  { path: `${C}/planificadores`, who: 'comprador', heading: 'Planificador de compras' },
  { path: `${C}/notificaciones`, who: 'comprador', heading: /./ },
  { path: `${C}/mensajes`, who: 'comprador', heading: 'Mensajes' },
  { path: `${C}/usuario/Notificaciones`, who: 'comprador', heading: /./ },
  { path: `${C}/usuario/InformacionComercial`, who: 'comprador', heading: /./ },
  { path: `${C}/usuario/EliminarCuenta`, who: 'comprador', heading: /./ },
  { path: L, who: 'laboratorio', heading: 'Cola del laboratorio' },
  { path: `${L}?bandeja=EN_REVISION`, who: 'laboratorio', heading: 'Cola del laboratorio' },
  { path: `${L}/historial`, who: 'laboratorio', heading: 'Historial del laboratorio' },
  { path: `${L}/lotes/{enRevision}`, who: 'laboratorio', heading: /./ },
  { path: `${L}/lotes/{verificado}`, who: 'laboratorio', heading: /./ },
  { path: `${L}/usuario`, who: 'laboratorio', heading: /./ },
  { path: '/lote/{verificado}', who: 'visitante', heading: /./ },
];

/** Opened states: what a click shows (menus, sheets, dialogs) is checked too. */
interface StateCase {
  name: string;
  path: string;
  who: Who;
  width?: number;
  open: (page: Page) => Promise<void>;
}
const STATES: StateCase[] = [
  {
    name: 'an open conversation',
    path: `${C}/mensajes`,
    who: 'comprador',
    open: async (page) => {
      await page
        .getByRole('link', { name: /Lote «/ })
        .first()
        .click();
      await expect(page.getByRole('list', { name: 'Mensajes' })).toBeVisible();
    },
  },
  {
    name: 'the plot form with its map (issue 30), and a plot’s evidence',
    path: `${P}/productores`,
    who: 'productor',
    open: async (page) => {
      await page
        .getByText(/^Pruebas de la parcela/)
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Añadir la prueba' }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Editar' }).first().click();
      const form = page.getByRole('dialog');
      // By role: the map's own label ("Mapa para dibujar el polígono") holds the word too, once it is drawn.
      await form.getByRole('radio', { name: 'Polígono' }).check();
      await expect(form.getByRole('region', { name: 'Mapa para dibujar el polígono' })).toBeVisible();
    },
  },
  {
    name: '"Escribir al productor" for a signed-in buyer',
    path: '/lote/{lote}',
    who: 'comprador',
    open: async (page) => {
      await page.getByRole('button', { name: 'Escribir al productor' }).click();
      await expect(page.getByRole('dialog').getByRole('textbox')).toBeVisible();
    },
  },
  {
    name: 'the phone menu',
    path: '/',
    who: 'visitante',
    width: 360,
    open: async (page) => {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(page.getByRole('navigation', { name: 'Principal (móvil)' })).toBeVisible();
    },
  },
  {
    name: 'the dashboard sections on a phone',
    path: P,
    who: 'productor',
    width: 360,
    open: async (page) => {
      await page.getByRole('button', { name: /^Panel de productor:/ }).click();
      await expect(page.getByRole('navigation', { name: 'Panel de productor' })).toBeVisible();
    },
  },
  {
    name: 'the account menu',
    path: '/lotes',
    who: 'comprador',
    open: async (page) => {
      await page.getByRole('button', { name: /^Menú de / }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'the filters sheet',
    path: '/lotes',
    who: 'visitante',
    width: 360,
    open: async (page) => {
      await page.getByRole('button', { name: /^Filtros/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filtros' })).toBeVisible();
    },
  },
  {
    name: 'the heart’s sign-in dialog',
    path: '/lote/{lote}',
    who: 'visitante',
    open: async (page) => {
      await page.getByRole('button', { name: 'Guardar en favoritos' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Guarda tus lotes favoritos' })).toBeVisible();
    },
  },
  {
    name: '"Añadir a la caja de muestras" on the catalogue’s cards, pressed',
    path: '/lotes',
    who: 'comprador',
    open: async (page) => {
      // The pressed button is what is checked: wait for that card's own button to turn, not for the toast, which
      // a loaded machine can let go before the assertion reads it.
      const add = page.getByRole('button', { name: /^Añadir .* a la caja de muestras$/ }).first();
      const name = (await add.getAttribute('aria-label')) ?? '';
      await add.click();
      const lote = name.replace(/^Añadir /, '').replace(/ a la caja de muestras$/, '');
      await expect(page.getByRole('button', { name: `Quitar ${lote} de la caja de muestras` }).first()).toBeVisible();
    },
  },
  {
    name: '"Añadir a la caja de muestras" on a card, for a visitor at 360 px',
    path: '/lotes',
    who: 'visitante',
    width: 360,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Añadir .* a la caja de muestras$/ })
        .first()
        .click();
      await expect(page.getByRole('button', { name: /^Quitar .* de la caja de muestras$/ })).toBeVisible();
    },
  },
  {
    name: 'the sample box’s lot refusal dialog',
    path: `${P}/pedidos_muestras`,
    who: 'productor',
    open: async (page) => {
      await page
        .getByRole('region', { name: /Cajas de muestras por enviar/ })
        .getByRole('button', { name: /^Rechazar / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Rechazar la solicitud' })).toBeVisible();
    },
  },
  {
    name: 'the sample box’s form with the fields the server refused',
    path: `${C}/caja-muestras`,
    who: 'comprador',
    width: 360,
    open: async (page) => {
      const form = page.getByRole('form', { name: 'Enviar la caja' });
      await form.getByLabel('Dirección', { exact: true }).fill('');
      await form.getByLabel('Ciudad').fill('');
      await form.getByRole('button', { name: 'Enviar solicitudes' }).click();
      await expect(form.getByLabel('Dirección', { exact: true })).toBeFocused();
    },
  },
  {
    name: 'the full-screen photo',
    path: '/lote/{lote}',
    who: 'visitante',
    open: async (page) => {
      await page.getByRole('button', { name: 'Ver la foto 1 a pantalla completa' }).click();
      await expect(page.getByRole('dialog', { name: /pantalla completa/ })).toBeVisible();
    },
  },
];

interface Demo {
  lote: string;
  perfil: string;
  post: string;
  /** A lot in the lab's review and a verified one (the lab's sheet on its page). */
  enRevision: string;
  verificado: string;
  sessions: Record<'productor' | 'comprador' | 'laboratorio', { token: string; dataUser: unknown }>;
}
let demo: Demo | undefined;
async function demoData(request: APIRequestContext): Promise<Demo> {
  if (demo) return demo;
  const login = async (email: string) => {
    const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.status(), await res.text()).toBe(200);
    const body = await res.json();
    return { token: body.token as string, dataUser: body.dataUser as unknown };
  };
  const productor = await login(DEMO.productor);
  // The producer's own lot, so that its edit page opens.
  const own = await (
    await request.get('/api/productor/lotes', { headers: { authorization: `Bearer ${productor.token}` } })
  ).json();
  const lote = own.data.lotes[0];
  const posts = (await (await request.get('/api/blog')).json()).data.posts;
  // The lab signs in with its second factor (decision 045), computed from the demo's published secret.
  const laboratorio = await apiSignIn(request, DEMO.laboratorio, DEMO_PASSWORD, DEMO_TOTP.laboratorio);
  const enRevision = await (
    await request.get('/api/laboratorio/lotes?bandeja=EN_REVISION', {
      headers: { authorization: `Bearer ${laboratorio.token}` },
    })
  ).json();
  const historial = await (
    await request.get('/api/laboratorio/lotes?bandeja=HISTORIAL&limit=50', {
      headers: { authorization: `Bearer ${laboratorio.token}` },
    })
  ).json();
  demo = {
    lote: lote.id,
    perfil: lote.perfilProductor?.id ?? (productor.dataUser as { id: string }).id,
    post: posts[0].slug,
    enRevision: enRevision.data.lotes[0].id,
    verificado: historial.data.lotes.find((l: { status: string }) => l.status === 'VERIFICADO').id,
    sessions: { productor, comprador: await login(DEMO.comprador), laboratorio },
  };
  return demo;
}

async function signIn(page: Page, s: { token: string; dataUser: unknown }) {
  await page.addInitScript(
    ([token, dataUser]) => {
      localStorage.setItem('authToken', token as string);
      localStorage.setItem('dataUser', JSON.stringify({ user: dataUser, timestamp: Date.now(), expiresIn: 3_600_000 }));
    },
    [s.token, s.dataUser] as const,
  );
}

/**
 * The rules whose verdict can change with the colour scheme. The dark pass runs these only: the names, roles,
 * labels and structure the other rules check are the same markup in both modes, and were checked in light.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function expectNoSeriousViolations(page: Page, what: string, only?: string[]) {
  // A rule list and a tag list are two ways to say what runs (axe takes one): the rules, or every WCAG A/AA rule.
  const axe = new AxeBuilder({ page });
  const results = await (
    only ? axe.withRules(only) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  ).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, what).toEqual([]);
}

// Each state is opened once and checked in both modes, as the pages below are: light first, then the system
// preference turns dark and the app follows in place with the menu, sheet or dialog still open.
test.describe('axe, opened, light and dark', () => {
  for (const c of STATES) {
    test(`${c.name} (${c.who}) has no serious or critical violation, light and dark`, async ({ page, request }) => {
      const d = await demoData(request);
      if (c.width) await page.setViewportSize({ width: c.width, height: 740 });
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      if (c.who !== 'visitante') await signIn(page, d.sessions[c.who]);
      await page.goto(c.path.replace('{lote}', d.lote));
      await page.waitForLoadState('networkidle');
      await c.open(page);
      await expectNoSeriousViolations(page, `${c.name} in light mode`);
      await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await expectNoSeriousViolations(page, `${c.name} in dark mode`, COLOUR_RULES);
    });
  }
});

// Each page is opened once and checked in both modes: light first, then the system preference turns dark and the
// app follows it in place (src/web/lib/color-mode.ts listens to the media query), as a visitor's phone does at dusk.
test.describe('axe, light and dark', () => {
  for (const c of PAGES) {
    test(`${c.path} (${c.who}) has no serious or critical violation, light and dark`, async ({ page, request }) => {
      const d = await demoData(request);
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      if (c.who !== 'visitante') await signIn(page, d.sessions[c.who]);
      const path = c.path
        .replace('{lote}', d.lote)
        .replace('{perfil}', d.perfil)
        .replace('{post}', d.post)
        .replace('{enRevision}', d.enRevision)
        .replace('{verificado}', d.verificado);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: c.heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(await dark()).toBe(false);
      await expectNoSeriousViolations(page, `${path} in light mode`);
      await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
      await expect.poll(dark).toBe(true);
      // The class is set. Scroll the footer (content-visibility: auto) into view and back, as a visitor would,
      // and check its links followed the switch: a transition on every element under reduced motion once left
      // them in the light colour on the dark footer (src/web/styles.css).
      await page.evaluate(async () => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const { scrollX, scrollY } = window;
        document.querySelector('footer nav[aria-label="Comprar"]')?.closest('footer')?.scrollIntoView({ block: 'end' });
        await frame();
        window.scrollTo(scrollX, scrollY);
        await frame();
      });
      await expect
        .poll(() =>
          page.evaluate(() => {
            const link = document.querySelector('footer nav[aria-label="Comprar"] a');
            const footer = link?.closest('footer');
            if (!footer || !link) return 'igual';
            const [a, f] = [getComputedStyle(link).color, getComputedStyle(footer).color];
            return a === f ? 'igual' : `enlace ${a}, pie ${f}`;
          }),
        )
        .toBe('igual');
      await expectNoSeriousViolations(page, `${path} in dark mode`, COLOUR_RULES);
    });
  }
});
