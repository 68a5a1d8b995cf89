import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// One port per run, chosen in the main process; workers inherit it through the environment. The kernel picks a free
// one (scripts/free-port.mjs, asked from a child since a config cannot wait): 4100 + pid % 800 could be NATS's 4222
// or 4369 on this machine, and the run then failed on a port already in use.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '--input-type=module',
  '-e',
  "import { freePort } from './scripts/free-port.mjs'; console.log(await freePort());",
])
  .toString()
  .trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's old headless shell (`apt-get install chromium-headless-shell`) when it is there: the same Blink as
 * `chromium`, without the full browser's GPU process and window machinery, about a quarter less CPU per test
 * (docs/decisions/080). Otherwise the full browser in its headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? '.tmp/playwright-results.json' }]],
  // Each of CI's parallel shards keeps its own (Playwright empties this folder when it starts).
  outputDir: process.env.E2E_OUTPUT ?? '.tmp/test-results',
  use: {
    baseURL,
    locale: 'es-ES',
    // A browser in another time zone than the server (UTC): server-rendered text must hydrate unchanged.
    timezoneId: 'America/Bogota',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The production build, started as `npm start` would, on a throwaway DATA_DIR with the demo data.
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port) },
  },
});
