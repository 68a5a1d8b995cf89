#!/usr/bin/env node
// `npm test`: every check — the production build, then the end-to-end suite in Chromium against it, in the
// background, in E2E_SHARDS parallel shards (default 2, each with its own server and database); while it runs, in
// the foreground: lint and format check, type check, unit and API tests on PGlite, the upload tests again on an
// S3-compatible server, the two-replica proof behind nginx (scripts/replicas.ts), and the same API tests on
// PostgreSQL when DATABASE_URL (or TEST_PG_ALONGSIDE_E2E) is set. Ends with a plain "N passed, N failed" line from the
// real counts.
//   --api-only   only the API tests (on DATABASE_URL)
// Why this order: the browser suite waits on pages more than it computes (about half a core per shard), so it runs
// beside the CPU-bound checks instead of after them (docs/decisions/080). Its output is kept in .tmp/e2e-N.log and
// printed when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const apiOnly = process.argv.includes('--api-only');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
/** Checks that could not run on this machine (each printed its reason). */
let skipped = 0;
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${label}: ${res.status === 0 ? 'ok' : `failed (exit ${res.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return res.status === 0;
}

function countVitest(file, label) {
  if (!existsSync(file)) {
    failed++;
    failures.push(`${label}: no report`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that failed to load counts as a failure even if it has no failed test.
  const broken = r.testResults.filter(
    (t) => t.status === 'failed' && t.assertionResults.every((a) => a.status !== 'failed'),
  );
  failed += broken.length;
  if (r.numFailedTests || broken.length) failures.push(`${label}: ${r.numFailedTests + broken.length} failed`);
  // Name what failed, whatever part of the log is shown (CI keeps only the end of the PostgreSQL pass's output).
  for (const t of r.testResults) {
    const rel = path.relative(root, t.name);
    for (const a of t.assertionResults.filter((x) => x.status === 'failed')) {
      console.log(`  ✗ ${label} › ${rel} › ${a.fullName}\n    ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
    if (t.status === 'failed' && t.assertionResults.every((a) => a.status !== 'failed')) {
      console.log(`  ✗ ${label} › ${rel} did not load: ${(t.message ?? '').split('\n')[0]}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    failed++;
    failures.push('e2e: no report');
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  if (r.stats.unexpected) failures.push(`e2e: ${r.stats.unexpected} failed`);
  if (r.errors?.length) {
    failed += r.errors.length;
    failures.push(`e2e: ${r.errors.length} global errors`);
  }
}

/** A check that passes or fails as a whole counts as one test in the final line. */
function check(label, name, cmd, args) {
  if (run(label, cmd, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/** The tests that store, serve and delete files: run again on object storage. */
const S3_SUITE = [
  'src/server/storage',
  'src/server/modules/uploads',
  'src/server/modules/archivos',
  'src/server/modules/users/delete-cuenta.test.ts',
  'src/server/modules/mensajes',
  // An order's shipping documents, through the order (not the whole orders suite: 35 s of CI for one file path).
  'src/server/modules/pedidos/documentos-embarque.test.ts',
];

/** The end-to-end shards running in the background: each resolves when its Playwright process ends. */
const shards = [];
let built = false;
if (!apiOnly) {
  built = run('production build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  if (!built) {
    failed++;
    failures.push('build');
  } else {
    const count = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
    for (let i = 1; i <= count; i++) {
      const log = path.join(tmp, `e2e-${i}.log`);
      const report = path.join(tmp, `playwright-results-${i}.json`);
      rmSync(report, { force: true });
      const args = ['test', ...(count > 1 ? [`--shard=${i}/${count}`] : [])];
      console.log(`\n▶ end-to-end tests (Chromium), shard ${i}/${count}, in the background (log: ${log})`);
      // Straight into a file, not through this process: the checks below run with spawnSync, which holds this
      // process's event loop, and a pipe nobody reads would stop the browser suite when its buffer filled.
      const fd = openSync(log, 'w');
      // Each shard's own port (from its own pid) and its own artefacts folder.
      const { E2E_PORT: _port, ...env } = process.env;
      const child = spawn(bin('playwright'), args, {
        cwd: root,
        stdio: ['ignore', fd, fd],
        env: {
          ...env,
          E2E_USE_DIST: '1',
          E2E_JSON: report,
          E2E_OUTPUT: path.join(tmp, `test-results-${i}`),
          DATABASE_URL: '',
          FORCE_COLOR: '0',
        },
      });
      closeSync(fd);
      shards.push(new Promise((resolve) => child.on('close', (code) => resolve({ i, count, log, report, code }))));
    }
  }

  // The fast checks: a lint or format slip is reported in a minute or two, not after the end-to-end suite.
  check('lint (eslint)', 'lint', bin('eslint'), ['--max-warnings', '0', '.']);
  check('format check (prettier --check)', 'format check', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
  check('type check (tsc --noEmit)', 'type check', bin('tsc'), ['--noEmit', '-p', '.']);

  const lite = path.join(tmp, 'vitest-pglite.json');
  rmSync(lite, { force: true });
  run('unit and API tests on PGlite', bin('vitest'), ['run', '--outputFile.json', lite], { DATABASE_URL: '' });
  countVitest(lite, 'vitest (PGlite)');
  // The upload suite once more with every file in a bucket of an S3-compatible server (s3rver on loopback, started
  // by the tests' global set-up): the object store serves, keeps private and deletes as the local folder does.
  const s3 = path.join(tmp, 'vitest-s3.json');
  rmSync(s3, { force: true });
  run('upload tests on object storage (S3, s3rver)', bin('vitest'), ['run', ...S3_SUITE, '--outputFile.json', s3], {
    DATABASE_URL: '',
    TEST_STORAGE: 's3',
  });
  countVitest(s3, 'vitest (S3)');

  if (built) {
    // Two replicas of the build on PostgreSQL and an S3 bucket behind nginx (scripts/replicas.ts). Without nginx or
    // PostgreSQL on this machine it says why and counts as skipped, not passed.
    console.log('\n▶ two replicas behind nginx (scripts/replicas.ts)');
    const replicas = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/replicas.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: '' },
    });
    if (replicas.status === 0) passed++;
    else if (replicas.status === 77) skipped++;
    else {
      failed++;
      failures.push('two replicas behind nginx');
    }
  }
}

// The API tests on the PostgreSQL server: DATABASE_URL (or CI's TEST_PG_ALONGSIDE_E2E, kept for its script).
const pgUrl = process.env.DATABASE_URL || (apiOnly ? '' : (process.env.TEST_PG_ALONGSIDE_E2E ?? ''));
if (pgUrl) {
  const pgFile = path.join(tmp, 'vitest-pg.json');
  rmSync(pgFile, { force: true });
  run(
    'API tests on PostgreSQL',
    bin('vitest'),
    // lifecycle and umask start real servers on the embedded database's folder: nothing of PostgreSQL in them.
    // The write-route fuzz runs half its generated bodies here (its full run is the PGlite pass): CI's time.
    [
      'run',
      'src/server',
      '--exclude',
      '**/lifecycle.test.ts',
      '--exclude',
      '**/umask.test.ts',
      '--outputFile.json',
      pgFile,
    ],
    { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '3', DATABASE_URL: pgUrl },
  );
  countVitest(pgFile, 'vitest (PostgreSQL)');
}

for (const shard of await Promise.all(shards)) {
  const label = `end-to-end tests (Chromium), shard ${shard.i}/${shard.count}`;
  console.log(`\n▶ ${label}: output\n${existsSync(shard.log) ? readFileSync(shard.log, 'utf8') : '(no log)'}`);
  const took = existsSync(shard.report)
    ? ` in ${(JSON.parse(readFileSync(shard.report, 'utf8')).stats.duration / 1000).toFixed(1)} s`
    : '';
  console.log(`  ${label}: ${shard.code === 0 ? 'ok' : `failed (exit ${shard.code})`}${took}`);
  countPlaywright(shard.report);
}

if (skipped) console.log(`\nSkipped: ${skipped} (see the reasons above)`);
if (failures.length) console.log(`\nFailures: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
