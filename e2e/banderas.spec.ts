import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

/* Issue 32: origin flags were emoji, shown as two letters on Windows and on this Chromium. They are images now,
   static files from the flag-icons package, with the country's name written beside them. */

const cargada = async (img: Locator) => {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
};

// Regional-indicator symbols: what an emoji flag is made of.
const EMOJI_BANDERA = /[\u{1F1E6}-\u{1F1FF}]/u;

test('the cards, the lot page and the country filter show flag images that load, and no emoji flag', async ({
  page,
  request,
}) => {
  await page.goto('/lotes?pais=CO');
  const chip = page.getByRole('button', { name: 'Quitar filtro: Colombia' });
  await cargada(chip.locator('img[src="/flags/co.svg"]'));
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Colombia');
  const bandera = card.locator('img[src="/flags/co.svg"]');
  await expect(bandera).toHaveAttribute('alt', '');
  await cargada(bandera);
  expect(await page.locator('main').innerText()).not.toMatch(EMOJI_BANDERA);

  const lote = (await (await request.get('/api/lotes?limit=1&pais=ET')).json()).data.lotes[0];
  await page.goto(`/lote/${lote.id}`);
  await cargada(page.locator('main img[src="/flags/et.svg"]').first());
  await expect(page.locator('main')).toContainText('Etiopía');
  expect(await page.locator('main').innerText()).not.toMatch(EMOJI_BANDERA);

  const svg = await request.get('/flags/et.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect((await request.get('/flags/zz.svg')).status()).toBe(404);
});
