#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile emulation) in Debian's Chromium on /, /lotes, /lote/{id} and /perfil/{id}
// of the production build with the demo data. Prints the four category scores and the metrics of every run, then
// the median run per page (LH_RUNS runs, default 5; LH_PAGES=1,3 measures a subset). Not part of `npm test`:
// scores are measurements, not pass/fail checks. Run it on an otherwise idle machine.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, publicPages, startDemoServer } from './demo-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = await startDemoServer({ name: 'lighthouse', port: 4900 + (process.pid % 90) });
// LH_PAGES=1,3 measures a subset (1-based), for quicker iterations.
const pages = await publicPages(base, process.env.LH_PAGES);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
// Lighthouse's own advice on variability: run five times and report the median run. Here single runs of one
// page spread over about ten points (total blocking time on 2 cores). LH_RUNS sets how many; every run is listed.
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));
const rows = [];
const medians = [];
try {
  for (const p of pages) {
    // Warm the server's caches once, as a returning visitor's first request would find them.
    await fetch(`${base}${p}`);
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      // A run whose trace Lighthouse could not read (NO_NAVSTART now and then, usually the first navigation
      // of a new browser) has no performance score at all: Lighthouse says to run again, so it is retried and
      // reported, instead of entering the median as a 0.
      let result;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(
          `${base}${p}`,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'mobile',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            },
          },
        );
        const failure = result.lhr.runtimeError;
        if (!failure) break;
        console.log(
          `${p} (run ${run}, attempt ${attempt}): Lighthouse failed to measure (${failure.code})${attempt < 3 ? ', running again' : ''}`,
        );
        if (attempt === 3) break;
      }
      const c = result.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      const metric = (id) => result.lhr.audits[id]?.numericValue ?? NaN;
      const row = {
        page: p.length > 40 ? `${p.slice(0, 37)}…` : p,
        run,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'FCP ms': Math.round(metric('first-contentful-paint')),
        'LCP ms': Math.round(metric('largest-contentful-paint')),
        'TBT ms': Math.round(metric('total-blocking-time')),
        'SI ms': Math.round(metric('speed-index')),
        CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
      };
      rows.push(row);
      runs.push(row);
      if (process.env.LH_SAVE) {
        writeFileSync(path.join(root, '.tmp', `lh-${rows.length}.json`), JSON.stringify(result.lhr));
        const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
        if (trace) writeFileSync(path.join(root, '.tmp', `lh-${rows.length}.trace.json`), JSON.stringify(trace));
      }
      const failing = Object.values(result.lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable',
        )
        .map((a) => a.id);
      if (failing.length) console.log(`${p} (run ${run}): audits below 0.9: ${failing.join(', ')}`);
    }
    // The median run by performance score (the other categories do not vary between runs).
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    medians.push({ ...sorted[Math.floor((sorted.length - 1) / 2)], run: `median of ${runs.length}` });
  }
} finally {
  await chrome.kill();
}
console.log('Every run:');
console.table(rows);
console.log('Median run per page:');
console.table(medians);
process.exit(0);
