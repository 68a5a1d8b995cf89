import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * The page as it stands, in light and then dark mode, has no serious or critical axe violation (WCAG 2.x A and AA),
 * and nothing makes the page itself scroll sideways (a wide table may scroll inside its own box).
 */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(mode === 'dark');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
    expect(serious, `${what} (${mode})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  const anchas = await page.evaluate(() => {
    const ancho = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= ancho) return [];
    const enCaja = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement)
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > ancho + 1 && !enCaja(e))
      .slice(0, 10)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
  });
  expect(anchas, `${what}: the page scrolls sideways because of`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), what).toBe(true);
}
