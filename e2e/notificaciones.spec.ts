import { randomUUID } from 'node:crypto';
import { test, expect, createUser, loginAs } from './fixtures';

test('the bell shows a new notification without a reload and the modal opens it', async ({ page, request }) => {
  const productor = await createUser(request, 'productor');
  const comprador = await createUser(request, 'comprador');
  const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
  const lote = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre: `Caturra ${randomUUID().slice(0, 6)} lavado`,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 10,
      // 8,50 = 6,16 + 2,00 + 0,34 (Cereza's 4 %: docs/decisions/016).
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
    },
  });
  expect(lote.status(), await lote.text()).toBe(201);
  // Saving one of the producer's lots is what makes the buyer hear of the producer's news.
  const fav = await request.post('/api/favoritos', {
    headers: auth(comprador),
    data: { loteId: (await lote.json()).data.lote.id },
  });
  expect(fav.status()).toBe(201);

  await loginAs(page, comprador);
  await page.goto('/Dashboard/comprador');
  // The welcome written at registration.
  const bell = page.getByRole('button', { name: /^Notificaciones, / });
  await expect(bell).toHaveAccessibleName('Notificaciones, 1 sin leer');

  const titulo = `Empieza la cosecha ${randomUUID().slice(0, 6)}`;
  const noticia = await request.post('/api/productor/noticias', {
    headers: auth(productor),
    data: {
      titulo,
      cuerpo:
        'Este año la cosecha llega tres semanas antes por las lluvias de septiembre. Ya tenemos las primeras cerezas en los patios y los tanques de fermentación listos. Te contaremos cómo evolucionan los lotes y cuándo habrá muestras disponibles para catar.',
      publicada: true,
    },
  });
  expect(noticia.status(), await noticia.text()).toBe(201);

  // Coming back to the tab asks again: the count changes with no page load.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(bell).toHaveAccessibleName('Notificaciones, 2 sin leer');

  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones recientes' });
  await panel.getByRole('button', { name: new RegExp(`Noticia de ${productor.nombre}: ${titulo}`) }).click();
  const modal = page.getByRole('dialog', { name: `Noticia de ${productor.nombre}: ${titulo}` });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Ya tenemos las primeras cerezas en los patios')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaciones, 1 sin leer');

  await modal.getByRole('link', { name: 'Leer la noticia' }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/${productor.dataUser.id}/Noticias$`));
  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();

  // "Ver todas": the list page, where the rest can be marked read.
  await page.goto('/Dashboard/comprador/notificaciones');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(page.getByText('Todas las notificaciones están marcadas como leídas.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notificaciones, / })).toHaveAccessibleName(
    'Notificaciones, sin leer',
  );
});

test('a producer switches on the e-mail of one kind on usuario/Notificaciones', async ({ page, request }) => {
  const productor = await createUser(request, 'productor');
  await loginAs(page, productor);
  await page.goto('/Dashboard/productor/usuario/Notificaciones');
  await expect(page.getByRole('heading', { name: 'Lotes y productores' })).toBeVisible();
  // A producer's switches: not the buyers' kinds.
  await expect(page.getByRole('switch', { name: 'Lotes nuevos de productores cuyos lotes guardaste' })).toHaveCount(0);
  const sw = page.getByRole('switch', { name: 'Compradores que guardan tus lotes' });
  await expect(sw).toHaveAttribute('aria-checked', 'false');
  await sw.click();
  await expect(page.getByText('Correo activado: Compradores que guardan tus lotes.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Compradores que guardan tus lotes' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // Unverified accounts see the banner with "Reenviar correo".
  await expect(page.getByText('Confirma tu correo electrónico.')).toBeVisible();
  await page.getByRole('button', { name: 'Reenviar correo' }).first().click();
  await expect(page.getByText('Te hemos enviado un nuevo enlace de verificación. Revisa tu correo.')).toBeVisible();
});
