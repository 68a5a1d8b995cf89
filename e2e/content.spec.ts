import { test, expect } from './fixtures';

test('a visitor reads a guide, follows its table of contents and moves to another guide', async ({ page }) => {
  await page.goto('/Guia');
  await expect(page).toHaveTitle('Guía de Cereza · Cereza');
  await expect(page.getByRole('heading', { level: 1, name: 'Guía de Cereza' })).toBeVisible();
  const main = page.getByRole('main');
  for (const title of [
    'Cómo comprar café en Cereza',
    'Lotes verificados',
    'Transparencia de precios',
    'Logística para compradores',
    'Vende tus cafés en Cereza',
    'Control de calidad',
    'El modelo de comercio directo',
  ]) {
    await expect(main.getByRole('link', { name: title, exact: true })).toBeVisible();
  }

  await main.getByRole('link', { name: 'Lotes verificados', exact: true }).click();
  await expect(page).toHaveURL(/\/Guia\/verificados$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotes verificados' })).toBeVisible();
  await expect(page).toHaveTitle('Lotes verificados · Cereza');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /insignia Verificado/);

  const toc = page.getByRole('navigation', { name: 'En esta guía' });
  await toc.getByRole('link', { name: 'Criterios para verificar o rechazar' }).click();
  await expect(page).toHaveURL(/\/Guia\/verificados#criterios$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Criterios para verificar o rechazar' })).toBeInViewport();

  // A link inside the text leads to another guide, which opens at its top.
  await page.getByRole('article').getByRole('link', { name: 'control de calidad' }).first().click();
  await expect(page).toHaveURL(/\/Guia\/control-de-calidad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Control de calidad' })).toBeInViewport();
  await expect(page).toHaveTitle('Control de calidad · Cereza');

  await page.goto('/Guia/no-existe');
  await expect(
    page.getByRole('heading', { name: 'Lo sentimos, no hemos podido encontrar esta página.' }),
  ).toBeVisible();
});

test('a visitor opens the blog, reads an article and follows a link into a guide', async ({ page }) => {
  await page.goto('/Blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const articles = page.getByRole('main').getByRole('article');
  await expect(articles.first()).toBeVisible();
  expect(await articles.count()).toBeGreaterThanOrEqual(6);

  await page.getByRole('link', { name: 'Incoterms para tostadores: EXW, FCA, FOB y DAP sin confusiones' }).click();
  await expect(page).toHaveURL(/\/Blog\/incoterms-para-tostadores$/);
  await expect(page.getByRole('heading', { level: 1, name: /Incoterms para tostadores/ })).toBeVisible();
  await expect(page).toHaveTitle('Incoterms para tostadores: EXW, FCA, FOB y DAP sin confusiones · Cereza');
  await expect(page.getByRole('heading', { level: 2, name: 'FOB: franco a bordo' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(/min de lectura/)).toBeVisible();

  // Links inside the Markdown stay inside the app: no full page load.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.getByRole('link', { name: 'logística para compradores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logística para compradores' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  await page.goto('/Blog/articulo-que-no-existe');
  await expect(
    page.getByRole('heading', { name: 'Lo sentimos, no hemos podido encontrar esta página.' }),
  ).toBeVisible();
});

test('the FAQ accordion opens and the help search finds questions without accents', async ({ page }) => {
  await page.goto('/ayuda/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  const questions = page.getByRole('heading', { level: 3 });
  expect(await questions.count()).toBeGreaterThanOrEqual(20);

  const answer = page.getByText('Tu solicitud pasa por estos estados');
  await expect(answer).toBeHidden();
  await page.getByRole('heading', { level: 3, name: '¿Cómo pido una muestra?' }).click();
  await expect(answer).toBeVisible();

  await page.goto('/ayuda');
  await expect(page.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeVisible();
  for (const category of ['Compradores', 'Productores', 'Cuenta y seguridad', 'Pagos y logística', 'Calidad']) {
    await expect(page.getByRole('heading', { level: 3, name: category })).toBeVisible();
  }
  const search = page.getByRole('searchbox', { name: 'Buscar en la ayuda' });
  await search.fill('contrasena');
  await expect(page.getByRole('heading', { level: 2, name: 'Resultados de la búsqueda' })).toBeVisible();
  await expect(page.getByText('He olvidado mi contraseña, ¿qué hago?')).toBeVisible();
  await expect(page.getByText('¿Cómo pido una muestra?')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=contrasena/);

  await search.fill('xilofono');
  await expect(page.getByText('No hay preguntas que coincidan con «xilofono».')).toBeVisible();

  await search.fill('');
  await page.getByRole('button', { name: 'Ver 6 preguntas de Calidad' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Calidad' })).toBeVisible();
  await expect(page.getByText('¿Qué es la muestra de pre-embarque?')).toBeVisible();
  await expect(page.getByText('¿Cómo pido una muestra?')).toHaveCount(0);
  await page.getByRole('button', { name: 'Quitar el filtro «Calidad»' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preguntas más consultadas' })).toBeVisible();
  await expect(page.getByText('¿Cómo pido una muestra?')).toBeVisible();
});

test('the about page explains how Cereza earns money and how to reach it', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre Cereza' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cómo ganamos dinero' })).toBeVisible();
  await expect(page.getByText('comisión de la plataforma', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'hola@cereza.example' })).toHaveAttribute(
    'href',
    'mailto:hola@cereza.example',
  );
});

test('the content pages fit a 360 px screen in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/Guia',
    '/Guia/logistica-para-compradores',
    '/Blog',
    '/Blog/planificar-compras-por-cosecha',
    '/ayuda',
    '/ayuda/faq',
    '/about',
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
