#!/usr/bin/env node
// `npm test`: every check, in order — lint and format check (fast), type check, unit and API tests on PGlite, the upload
// tests again on an S3-compatible server, the same API tests on PostgreSQL when DATABASE_URL is set, then the
// two-replica proof behind nginx (scripts/replicas.ts) and the end-to-end suite in Chromium against the production build.
// Ends with a plain "N passed, N failed" line from the real counts.
//   --api-only   only the API tests (used by CI for the PostgreSQL pass)
// TEST_PG_ALONGSIDE_E2E=<postgres url>: the API tests on that PostgreSQL run while the production build and the
// end-to-end suite run (CI: the browser suite uses one worker and leaves a core mostly idle); their output is
// kept in .tmp/vitest-pg.log and printed when they end, and their counts join the final line.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

if (!apiOnly) {
  // The fast checks first: a lint or format slip is reported in seconds, not after the end-to-end suite.
  check('lint (eslint)', 'lint', bin('eslint'), ['--max-warnings', '0', '.']);
  check('format check (prettier --check)', 'format check', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
  check('type check (tsc --noEmit)', 'type check', bin('tsc'), ['--noEmit', '-p', '.']);
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

const pgUrl = process.env.DATABASE_URL;
if (!apiOnly) {
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
}
if (pgUrl) {
  const pgFile = path.join(tmp, 'vitest-pg.json');
  rmSync(pgFile, { force: true });
  run(
    'API tests on PostgreSQL',
    bin('vitest'),
    ['run', 'src/server', '--exclude', '**/lifecycle.test.ts', '--outputFile.json', pgFile],
    {
      DATABASE_URL: pgUrl,
    },
  );
  countVitest(pgFile, 'vitest (PostgreSQL)');
}

const pgAlongside = apiOnly ? '' : (process.env.TEST_PG_ALONGSIDE_E2E ?? '');
const pgAlongsideFile = path.join(tmp, 'vitest-pg.json');
const pgAlongsideLog = path.join(tmp, 'vitest-pg.log');
let pgAlongsideDone = Promise.resolve();
if (pgAlongside) {
  rmSync(pgAlongsideFile, { force: true });
  console.log(`\n▶ API tests on PostgreSQL (alongside the build and the end-to-end suite; log: ${pgAlongsideLog})`);
  const started = Date.now();
  const out = createWriteStream(pgAlongsideLog);
  const child = spawn(
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
      pgAlongsideFile,
    ],
    { cwd: root, env: { FUZZ_RUNS: '3', ...process.env, DATABASE_URL: pgAlongside, FORCE_COLOR: '0' } },
  );
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  pgAlongsideDone = new Promise((resolve) =>
    child.on('close', (code) => {
      out.end();
      console.log(
        `  API tests on PostgreSQL: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve();
    }),
  );
}

if (!apiOnly) {
  if (run('production build', process.execPath, [path.join(root, 'scripts/build.mjs')])) {
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
    const e2e = path.join(tmp, 'playwright-results.json');
    rmSync(e2e, { force: true });
    run('end-to-end tests (Chromium)', bin('playwright'), ['test'], {
      E2E_USE_DIST: '1',
      E2E_JSON: e2e,
      DATABASE_URL: '',
    });
    countPlaywright(e2e);
  } else {
    failed++;
    failures.push('build');
  }
}

if (pgAlongside) {
  await pgAlongsideDone;
  const log = existsSync(pgAlongsideLog) ? readFileSync(pgAlongsideLog, 'utf8') : '';
  console.log(`\n▶ API tests on PostgreSQL: output\n${log.split('\n').slice(-60).join('\n')}`);
  countVitest(pgAlongsideFile, 'vitest (PostgreSQL)');
}

if (skipped) console.log(`\nSkipped: ${skipped} (see the reasons above)`);
if (failures.length) console.log(`\nFailures: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
