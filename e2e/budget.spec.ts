import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';

// The public pages' JavaScript budget (issue 4, lowered by issue 18; docs/decisions/009). Size is not a clock,
// so this is a test: it sums the gzip size of every script a page loads until the app has taken it over (the
// fixture's goto waits for that). What the page fetches afterwards, once idle (the code of its static parts),
// is not first-load JavaScript, and is listed apart.
const BUDGET_KB = 138;

test('the JavaScript a public page loads to come alive stays within its budget', async ({ page, request }) => {
  const lote = (await (await request.get('/api/lotes?limit=1')).json()).data.lotes[0];
  for (const path of ['/lotes', '/', `/lote/${lote.id}`, `/perfil/${lote.perfilProductor.id}`]) {
    const scripts = new Set<string>();
    const later = new Set<string>();
    let ready = false;
    const onRequest = (req: import('@playwright/test').Request) => {
      if (req.resourceType() === 'script' && req.url().includes('/assets/')) (ready ? later : scripts).add(req.url());
    };
    page.on('request', onRequest);
    await page.goto(path);
    ready = true;
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(scripts.size).toBeGreaterThan(0);
    const size = async (urls: Set<string>) => {
      let total = 0;
      for (const url of urls) total += gzipSync(await (await request.get(url)).body(), { level: 9 }).length;
      return total / 1024;
    };
    const kb = await size(scripts);
    console.log(`${path}: ${scripts.size} scripts, ${kb.toFixed(1)} KB gzip; later, once idle: ${later.size} scripts, ${(await size(later)).toFixed(1)} KB`);
    expect(kb, path).toBeLessThan(BUDGET_KB);
  }
});
