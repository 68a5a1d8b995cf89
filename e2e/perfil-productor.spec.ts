import sharp from 'sharp';
import type { Locator } from '@playwright/test';
import { createUser, expect, loginAs, test } from './fixtures';

/*
 * What a producer and a buyer tripped over on their profiles (issue 16): a cover that looked applied but was
 * dropped on leaving, an upload error unreadable over the green cover, a checklist that stayed "pendiente" after
 * the logo was uploaded, pointed to a page without a logo upload and changed its total, and "S.L.." in a greeting.
 */

const png = async (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer(),
});

/** WCAG contrast ratio between an element's text colour and the first opaque background behind it. */
const contrastOf = (locator: Locator) =>
  locator.evaluate((el) => {
    // Computed colours may be oklch(): a canvas turns any CSS colour into RGBA.
    const ctx = document.createElement('canvas').getContext('2d')!;
    const rgba = (c: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bg = [255, 255, 255];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 128) {
        bg = c;
        break;
      }
    }
    const [a, b] = [lum(rgba(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });

test('a producer completes the logo from the checklist, and the cover is kept without pressing "Guardar"', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor');
  const checklist = page.getByRole('region', { name: 'Tu perfil de productor' });
  await expect(checklist.getByText('3 de 5 completados')).toBeVisible();
  const logo = checklist.getByRole('listitem').filter({ hasText: 'Logotipo o foto de perfil' });
  await expect(logo).toContainText('(pendiente)');

  // "Completar" opens the page where a logo is uploaded, and the upload is saved at once.
  await logo.getByRole('link', { name: 'Completar' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/productor\/perfil$/);
  await page.getByLabel('Subir foto de perfil o logotipo').setInputFiles([await png('logo.png', 400, 400)]);
  await expect(page.getByText('Foto de perfil guardada.')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Secciones del perfil público' })
    .getByRole('link', { name: 'Fotos' })
    .click();
  await page.goto('/Dashboard/productor');
  await expect(checklist.getByText('4 de 5 completados')).toBeVisible();
  await expect(logo).toContainText('(hecho)');

  // A 120 × 90 cover is refused, and said where it can be read (not over the dark green cover).
  await page.goto('/Dashboard/productor/perfil');
  await page.getByLabel('Subir portada').setInputFiles([await png('mini.png', 120, 90)]);
  const refused = page
    .getByRole('alert')
    .filter({ hasText: 'La portada debe medir al menos 1000 × 500 píxeles y esta mide 120 × 90.' });
  await expect(refused).toBeVisible();
  // Readable: enough contrast against its own background, and below the cover (whose gradient is a background
  // image the contrast check cannot see), not over it as it used to be.
  expect(await contrastOf(refused)).toBeGreaterThanOrEqual(4.5);
  const cover = page.getByRole('region', { name: 'Portada y foto de perfil' }).locator('.aspect-\\[3\\/1\\]');
  const [coverBox, alertBox] = [await cover.boundingBox(), await refused.boundingBox()];
  expect(alertBox!.y).toBeGreaterThanOrEqual(coverBox!.y + coverBox!.height);

  // A good cover is saved as it is uploaded: leaving straight away (no "Guardar cambios") keeps it.
  await page.getByLabel('Subir portada').setInputFiles([await png('finca.png', 1600, 600)]);
  await expect(page.getByText('Portada guardada.')).toBeVisible();
  await expect(refused).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver mi perfil público' }).click();
  await expect(page.getByRole('dialog', { name: '¿Salir sin guardar?' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: `Portada de ${productor.nombre}` })).toHaveAttribute(
    'src',
    /\/uploads\/u\//,
  );
});

test('a buyer checklist keeps its total, and a company name ending in a full stop gets no second one', async ({
  page,
  request,
}) => {
  // The commercial details a contract needs count too (issue 25 §3): four steps for a buyer, five for a producer.
  const sinPerfil = await createUser(request, 'comprador', { perfil: false });
  await loginAs(page, sinPerfil);
  await page.goto('/Dashboard/comprador');
  await expect(
    page.getByRole('region', { name: 'Tu perfil de comprador' }).getByText('0 de 4 completados'),
  ).toBeVisible();

  const conPerfil = await createUser(request, 'comprador', { perfilData: { empresa: 'Tueste Lento S.L.' } });
  const other = await page.context().newPage();
  await loginAs(other, conPerfil);
  await other.goto('/Dashboard/comprador');
  await expect(other.getByText('El resumen de compras de Tueste Lento S.L.', { exact: true })).toBeVisible();
  await expect(
    other.getByRole('region', { name: 'Tu perfil de comprador' }).getByText('2 de 4 completados'),
  ).toBeVisible();
});

test('a producer’s story too long is refused under its box, which takes the focus, and a story that fits is saved', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/perfil/about');
  const historia = page.getByRole('textbox', { name: 'Historia (Markdown)' });
  await historia.fill('x'.repeat(4001));
  await page.getByRole('button', { name: 'Guardar historia' }).click();
  await expect(historia).toBeFocused();
  await expect(historia).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Máximo 4000 caracteres.')).toBeVisible();

  const texto = 'Cultivamos caturra a 1.800 m y secamos en camas africanas.';
  await historia.fill(`  ${texto}  `);
  await page.getByRole('button', { name: 'Guardar historia' }).click();
  await expect(page.getByText('Perfil actualizado', { exact: false })).toBeVisible();
  const res = await request.get('/api/productor/perfil', {
    headers: { authorization: `Bearer ${productor.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).perfil.descripcion).toBe(texto);
});

test('a website typed without https:// is taken and kept with it, in the form and on the public profile (issue 32)', async ({
  page,
  request,
}) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/perfil');
  const web = page.getByLabel('Sitio web');
  await web.fill('fincalaesperanza.co');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  // Saved (not refused as an address without its scheme): the form now shows what was stored.
  await expect(web).toHaveValue('https://fincalaesperanza.co');
  await expect(web).not.toHaveAttribute('aria-invalid', 'true');

  await page.goto(`/perfil/${productor.dataUser.id}`);
  await expect(page.getByRole('link', { name: /fincalaesperanza\.co/ })).toHaveAttribute(
    'href',
    'https://fincalaesperanza.co',
  );
});
