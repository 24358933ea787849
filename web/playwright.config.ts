import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEnv } from './e2e/support/serverProcess';

// The real binary (built by `make test-e2e`) on a fresh SQLite database in a
// new temporary data directory, driven by Debian's Chromium.
const port = Number(process.env.CANTICA_E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner and inherited by the test workers, which load this
// file again: tests that run `cantica admin` must reach the same database.
const dataDir = (process.env.CANTICA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cantica-e2e-')));
// The server's whole log, at info level, which the end of the run reads for
// secrets the server mailed (e2e/support/serverLog.ts). Its warnings and
// errors are shown among the tests' output as well.
const serverLog = (process.env.CANTICA_E2E_SERVER_LOG ??= join(dataDir, 'server.log'));

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Two on CI's two cores: a flow keeps Chromium, the server and its worker
  // busy; with four, each flow took two to three times as long and some
  // passed their time limits.
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Two cores run two workers and the server: a long flow can pass 30 s, and
  // a page that renders in one second alone can take several under that load.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The app's service worker precaches the whole app (some 150 files) in
    // every new browser context, which every flow opens; the flows of the
    // phone app itself (e2e/pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `../bin/cantica serve 2>&1 | tee -a '${serverLog}' | grep --line-buffered -v ' level=INFO ' >&2`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: serverEnv(port, dataDir),
  },
});
