import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';

// Issue 4's budget: the JavaScript loaded for /lotes stays under 170 KB gzip. Size is not a clock, so this
// is a test: it sums the gzip size of every script the page actually loads.
const BUDGET_BYTES = 170 * 1024;

for (const path of ['/lotes', '/']) {
  test(`the JavaScript loaded for ${path} stays under 170 KB gzip`, async ({ page, request }) => {
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().includes('/assets/')) scripts.add(res.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    let total = 0;
    for (const url of scripts) {
      const body = await (await request.get(url)).body();
      total += gzipSync(body, { level: 9 }).length;
    }
    console.log(`${path}: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThan(BUDGET_BYTES);
  });
}
