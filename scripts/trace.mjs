#!/usr/bin/env node
// `npm run trace`: where the main thread's time goes on /, /lotes, /lote/{id} and /perfil/{id}, on the production
// build with the demo data, in Debian's Chromium with a phone's viewport and 4× CPU slowdown (the slowdown
// Lighthouse's mobile preset simulates). Not part of `npm test`: these are measurements.
//
// For each page it records a performance trace (CDP Tracing, with V8's sampling profiler) and prints:
//   - the main thread's work by kind (Lighthouse's own grouping of trace events: script evaluation, parse and
//     compile, style and layout, rendering, HTML parsing, garbage collection, other);
//   - the same time by phase, cut at the app's User Timing marks: before the app script starts, loading and
//     evaluating the chunks (`cereza:start` → `cereza:hydrate`), hydration (`cereza:hydrate` → `cereza:ready`),
//     and what runs after the app is ready;
//   - JavaScript time by chunk (sampled self time: the functions of a chunk, wherever they were called from),
//     split into top-level evaluation of the chunk and everything else;
//   - every task over 50 ms and their blocking time after first contentful paint (Lighthouse's TBT counts the
//     same, to the end of the load instead of to the end of the trace).
// Each figure is the median of TRACE_RUNS runs (default 3). TRACE_PAGES=1,3 measures a subset (1-based);
// TRACE_DIST=dir uses an existing build (scripts/build.mjs --out dir) instead of building one, and
// TRACE_DIST=before,after compares two, their runs alternating, with a side-by-side table; TRACE_OUT=file.md
// also writes the tables as Markdown; TRACE_SAVE=1 keeps the raw traces in .tmp/trace-<page>-<run>.json.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { CHROMIUM_FLAGS, publicPages, startDemoServer } from './demo-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 3));
const CPU_SLOWDOWN = 4;
// TRACE_DIST=a,b compares builds: each gets its server, and their runs alternate, so that the machine's load
// weighs on both alike.
const LOCAL = 'http://127.0.0.1:';
const builds = [];
for (const [i, dist] of (process.env.TRACE_DIST ? process.env.TRACE_DIST.split(',') : [undefined]).entries()) {
  const base = await startDemoServer({ name: `trace${i}`, port: 5800 + ((process.pid + 7 * i) % 90), dist });
  builds.push({
    name: dist ?? 'this tree',
    base,
    pages: await publicPages(base, process.env.TRACE_PAGES),
    summary: [],
  });
}
let browser;
process.on('SIGINT', () => process.exit(130));
const label = (p) => (p.startsWith('/lote/') ? '/lote/{id}' : p.startsWith('/perfil/') ? '/perfil/{id}' : p);

// What Lighthouse records for a navigation, plus V8's sampler for JavaScript time by chunk.
const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'latencyInfo',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

/** A chunk's name without its content hash: client-B3_pnczf.js → client. */
const chunkName = (url) => {
  if (!url) return '(no script)';
  let u;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (!u.href.startsWith(LOCAL)) return u.origin;
  if (!u.pathname.startsWith('/assets/')) return `${u.pathname} (inline)`;
  return u.pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
};

async function traceOnce(url) {
  const context = await browser.newContext({
    // Lighthouse's mobile preset: a Moto G Power's screen.
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  // Polled through CDP rather than page.waitForFunction, whose injected script would show up in the trace.
  const isReady = async () =>
    (await cdp.send('Runtime.evaluate', { expression: 'document.documentElement.dataset.app', returnByValue: true }))
      .result.value === 'ready';
  for (let waited = 0; !(await isReady()); waited += 100) {
    if (waited > 60_000) throw new Error(`${url}: the app never marked itself ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.waitForLoadState('networkidle');
  // What the app starts once it is ready (effects, idle work) is part of the picture too.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  // First-load JavaScript: the scripts requested before the app marked itself ready. What a page fetches
  // later, once idle (the code of its static parts), is listed apart.
  const { scripts, later } = (
    await cdp.send('Runtime.evaluate', {
      returnByValue: true,
      expression: `(() => {
        const ready = performance.getEntriesByName('cereza:ready')[0].startTime;
        const js = performance.getEntriesByType('resource').filter((r) => r.name.includes('/assets/') && r.name.endsWith('.js'));
        return { scripts: js.filter((r) => r.startTime < ready).map((r) => r.name), later: js.filter((r) => r.startTime >= ready).map((r) => r.name) };
      })()`,
    })
  ).result.value;
  await context.close();
  return { trace, scripts, later };
}

/** First-load JavaScript: every script the page loaded, gzip level 9 as e2e/budget.spec.ts counts it. */
async function scriptSizes(urls) {
  const sizes = {};
  for (const url of urls)
    sizes[chunkName(url)] = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return sizes;
}

function analyse(trace) {
  const processed = TraceProcessor.processTrace(trace);
  const nav = TraceProcessor.processNavigation(processed);
  const t0 = processed.timestamps.timeOrigin;
  const ms = (ts) => (ts - t0) / 1000;
  const fcp = nav.timings.firstContentfulPaint;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    t0,
  );
  const topLevel = tasks.filter((t) => !t.parent && t.endTime > 0);

  const marks = {};
  for (const e of processed.mainThreadEvents) {
    if (e.cat?.includes('blink.user_timing') && e.name.startsWith('cereza:') && marks[e.name] === undefined)
      marks[e.name] = ms(e.ts);
  }
  const start = marks['cereza:start'] ?? NaN;
  const hydrate = marks['cereza:hydrate'] ?? NaN;
  const ready = marks['cereza:ready'] ?? NaN;
  const end = Math.max(...topLevel.map((t) => t.endTime));

  // Work by kind: every task node's self time, by Lighthouse's group.
  const byGroup = {};
  for (const t of tasks) if (t.endTime > 0) byGroup[t.group.id] = (byGroup[t.group.id] ?? 0) + t.selfTime;

  // Work by phase: top-level task time inside each window.
  const busy = (from, to) =>
    topLevel.reduce((sum, t) => sum + Math.max(0, Math.min(t.endTime, to) - Math.max(t.startTime, from)), 0);
  const phases = {
    'before the app script': busy(0, start),
    'chunks: load and evaluate': busy(start, hydrate),
    hydration: busy(hydrate, ready),
    'after ready': busy(ready, end + 1),
  };

  const longTasks = topLevel
    .filter((t) => t.duration > 50)
    .map((t) => ({ start: t.startTime, duration: t.duration, what: describe(t) }));
  const blocking = topLevel.filter((t) => t.startTime >= fcp).reduce((s, t) => s + Math.max(0, t.duration - 50), 0);

  return {
    fcp,
    marks: { start, hydrate, ready },
    byGroup,
    phases,
    chunks: sampledByChunk(trace, processed.mainThreadEvents[0], t0, hydrate),
    longTasks,
    blocking,
    total: busy(0, end + 1),
  };
}

/** What a long task was mostly doing: its heaviest child events and the chunk its script came from. */
function describe(task) {
  const parts = new Map();
  const walk = (t) => {
    const key = t.event.name === 'v8.evaluateModule' ? 'module evaluation' : t.group.label;
    parts.set(key, (parts.get(key) ?? 0) + t.selfTime);
    t.children.forEach(walk);
  };
  walk(task);
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join(', ');
}

/**
 * JavaScript time by chunk from V8's samples: a sample's time goes to the chunk of the function it was in. Time
 * inside a chunk's top-level code (V8 names that frame "(anonymous)" at line 0) is its evaluation; everything
 * else is its functions running, split at the hydration mark.
 */
function sampledByChunk(trace, mainThread, t0, hydrate) {
  const profiles = new Map();
  for (const e of trace.traceEvents) {
    // Only the page's own main thread: the trace also samples the browser's other renderers and workers.
    if (e.name === 'Profile' && e.pid === mainThread.pid && e.tid === mainThread.tid)
      profiles.set(e.id, { pid: e.pid, startTime: e.args.data.startTime, nodes: new Map(), samples: [], deltas: [] });
    if (e.name !== 'ProfileChunk') continue;
    const p = profiles.get(e.id);
    if (!p) continue;
    const cpu = e.args.data.cpuProfile ?? {};
    for (const n of cpu.nodes ?? []) p.nodes.set(n.id, n);
    p.samples.push(...(cpu.samples ?? []));
    p.deltas.push(...(e.args.data.timeDeltas ?? []));
  }
  const result = {};
  for (const p of profiles.values()) {
    if (!p.samples.length) continue;
    let ts = p.startTime;
    for (let i = 0; i < p.samples.length; i++) {
      ts += p.deltas[i];
      const next = i + 1 < p.samples.length ? p.deltas[i + 1] : 0;
      const node = p.nodes.get(p.samples[i]);
      const frame = node?.callFrame;
      if (!frame || !frame.url || !frame.url.startsWith(LOCAL)) continue;
      const name = chunkName(frame.url);
      const at = (ts - t0) / 1000;
      const row = (result[name] ??= { evaluate: 0, beforeHydration: 0, fromHydration: 0 });
      const topLevel = frame.functionName === '' && frame.lineNumber === 0 && frame.columnNumber === 0;
      if (topLevel) row.evaluate += next / 1000;
      else if (at < hydrate) row.beforeHydration += next / 1000;
      else row.fromHydration += next / 1000;
    }
  }
  return result;
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const r = (x) => (Number.isFinite(x) ? String(Math.round(x)) : '–');

const lines = [];
const say = (s = '') => {
  console.log(s);
  lines.push(s);
};

browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  for (const [n] of builds[0].pages.entries()) {
    for (const b of builds) {
      await fetch(`${b.base}${b.pages[n]}`); // warm the server's caches, as Lighthouse's script does
      b.summary.push({ page: label(b.pages[n]), runs: [], sizes: {}, laterSizes: {} });
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const b of builds) {
        const entry = b.summary[n];
        // Now and then Chromium's trace lacks the navigation's start (NO_NAVSTART, as in Lighthouse): run again.
        for (let attempt = 1; ; attempt++) {
          const { trace, scripts, later } = await traceOnce(`${b.base}${b.pages[n]}`);
          let result;
          try {
            result = analyse(trace);
          } catch (err) {
            if (attempt === 3) throw err;
            console.log(`${b.pages[n]} (run ${run}, attempt ${attempt}): ${err.message}, running again`);
            continue;
          }
          if (run === 1) [entry.sizes, entry.laterSizes] = [await scriptSizes(scripts), await scriptSizes(later)];
          if (process.env.TRACE_SAVE) {
            const file = `trace-${builds.indexOf(b)}-${entry.page.replace(/\W+/g, '_')}-${run}.json`;
            writeFileSync(path.join(root, '.tmp', file), JSON.stringify(trace));
          }
          entry.runs.push(result);
          break;
        }
      }
    }
  }
} finally {
  await browser.close();
}

const groups = [
  'scriptEvaluation',
  'scriptParseCompile',
  'styleLayout',
  'paintCompositeRender',
  'parseHTML',
  'garbageCollection',
  'other',
];
const groupLabels = [
  'script evaluation',
  'parse & compile',
  'style & layout',
  'rendering',
  'parse HTML',
  'GC',
  'other',
];
const kb = (sizes) => (Object.values(sizes).reduce((a, b) => a + b, 0) / 1024).toFixed(1);
const med = (runs, f) => r(median(runs.map(f)));

say(`# Main-thread work, ${CPU_SLOWDOWN}× CPU slowdown, 412×823 phone viewport (median of ${RUNS} runs, ms)`);
say();
const load = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
say(`Measured ${new Date().toISOString().slice(0, 16)}Z, load average ${load} on ${os.cpus().length} cores.`);

if (builds.length > 1) {
  say();
  say(`## ${builds.map((b) => b.name).join(' → ')} (runs alternating)`);
  say();
  say(
    '| page | build | total | script evaluation | style & layout | chunks: load and evaluate | hydration | tasks > 50 ms | blocking after FCP | first-load JS, KB (scripts) |',
  );
  say(`|---|---|${'---:|'.repeat(8)}`);
  for (const [n] of builds[0].summary.entries()) {
    for (const b of builds) {
      const { page, runs, sizes } = b.summary[n];
      say(
        `| ${page} | ${b.name} | ${med(runs, (x) => x.total)} | ${med(runs, (x) => x.byGroup.scriptEvaluation ?? 0)} | ${med(runs, (x) => x.byGroup.styleLayout ?? 0)} | ${med(runs, (x) => x.phases['chunks: load and evaluate'])} | ${med(runs, (x) => x.phases.hydration)} | ${med(runs, (x) => x.longTasks.length)} | ${med(runs, (x) => x.blocking)} | ${kb(sizes)} (${Object.keys(sizes).length}) |`,
      );
    }
  }
}

for (const b of builds) {
  const summary = b.summary;
  say();
  say(`## ${builds.length > 1 ? `${b.name}: ` : ''}work by kind`);
  say();
  say(
    `| page | total | ${groupLabels.join(' | ')} | FCP | script starts | hydration starts | ready | tasks > 50 ms | blocking after FCP |`,
  );
  say(`|---|${'---:|'.repeat(groups.length + 7)}`);
  for (const { page, runs } of summary) {
    const m = (f) => med(runs, f);
    say(
      `| ${page} | ${m((x) => x.total)} | ${groups.map((g) => m((x) => x.byGroup[g] ?? 0)).join(' | ')} | ${m((x) => x.fcp)} | ${m((x) => x.marks.start)} | ${m((x) => x.marks.hydrate)} | ${m((x) => x.marks.ready)} | ${m((x) => x.longTasks.length)} | ${m((x) => x.blocking)} |`,
    );
  }
  say();
  say(`## ${builds.length > 1 ? `${b.name}: ` : ''}first-load JavaScript (gzip -9, KB)`);
  say();
  say('Until the app has taken the page over; then what it fetches once idle (the code of its static parts).');
  say();
  say('| page | scripts | KB | later: scripts | later: KB |');
  say('|---|---:|---:|---:|---:|');
  for (const { page, sizes, laterSizes } of summary)
    say(
      `| ${page} | ${Object.keys(sizes).length} | ${kb(sizes)} | ${Object.keys(laterSizes).length} | ${kb(laterSizes)} |`,
    );
  say();
  say(`## ${builds.length > 1 ? `${b.name}: ` : ''}by phase (main thread busy, ms)`);
  say();
  const phaseNames = Object.keys(summary[0].runs[0].phases);
  say(`| page | ${phaseNames.join(' | ')} |`);
  say(`|---|${'---:|'.repeat(phaseNames.length)}`);
  for (const { page, runs } of summary)
    say(`| ${page} | ${phaseNames.map((n) => med(runs, (x) => x.phases[n])).join(' | ')} |`);
  for (const { page, runs, sizes, laterSizes } of summary) {
    say();
    say(`### ${builds.length > 1 ? `${b.name}: ` : ''}${page}: JavaScript by chunk (sampled self time, ms)`);
    say();
    say('| chunk | top-level evaluation | functions before hydration | functions from hydration on | total |');
    say('|---|---:|---:|---:|---:|');
    const names = [...new Set(runs.flatMap((x) => Object.keys(x.chunks)))];
    const rows = names.map((n) => {
      const get = (k) => median(runs.map((x) => x.chunks[n]?.[k] ?? 0));
      const row = [get('evaluate'), get('beforeHydration'), get('fromHydration')];
      return { n, row, total: row.reduce((a, b) => a + b, 0) };
    });
    for (const { n, row, total } of rows.sort((a, b) => b.total - a.total))
      if (total >= 1) say(`| ${n} | ${row.map(r).join(' | ')} | ${r(total)} |`);
    say();
    const list = (sizes) =>
      Object.entries(sizes)
        .sort((a, b) => b[1] - a[1])
        .map(([n, b]) => `${n} ${(b / 1024).toFixed(1)}`)
        .join(', ') || 'none';
    say(`Scripts loaded (gzip KB): ${list(sizes)}; later, once idle: ${list(laterSizes)}`);
    say();
    say(`Tasks over 50 ms (each run: start ms, duration ms, what):`);
    runs.forEach((x, i) =>
      say(
        `- run ${i + 1}: ${x.longTasks.map((t) => `${r(t.start)}: ${r(t.duration)} (${t.what})`).join('; ') || 'none'}`,
      ),
    );
  }
}
if (process.env.TRACE_OUT) writeFileSync(path.resolve(root, process.env.TRACE_OUT), `${lines.join('\n')}\n`);
process.exit(0);
