// Lighthouse scores (performance and accessibility) of /, /login, /dashboard
// and /dashboard/calendar, with the mobile and the desktop profile, in Debian's
// Chromium. Starts bin/cantica on a fresh SQLite in a temporary directory on a
// free port, with no SMTP: the confirmation link of a new account is read from
// the server's log. Run by `make lighthouse` after `make build`; not in CI,
// since scores depend on the machine.
import { spawn, execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
// CANTICA_BINARY measures another build (an earlier one, to compare under the same load).
const binary = process.env.CANTICA_BINARY ?? join(web, '..', 'bin', 'cantica');
const lighthouse = join(web, 'node_modules', '.bin', 'lighthouse');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');
// LIGHTHOUSE_PAGES and LIGHTHOUSE_PROFILES (comma-separated) narrow a run.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/login', '/dashboard', '/dashboard/calendar'];
const PROFILES = process.env.LIGHTHOUSE_PROFILES?.split(',') ?? ['mobile', 'desktop'];
const PASSWORD = 'Choir#Practice1';
const ROMAN_CATHOLIC = '00000000-0000-4000-8000-000000000101';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, check, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => null);
    if (found) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** signedInCookie registers and confirms an account, creates a choir and returns the session cookie. */
async function signedInCookie(base, log) {
  const email = `lighthouse.${Date.now().toString(36)}@example.com`;
  const post = (path, body, cookie) =>
    fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
  const expectOk = async (res, what) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    return res;
  };

  await expectOk(await post('/auth/register', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' }), 'register');
  // Outbox mode writes each mail, links included, to the log.
  const token = await waitFor('the confirmation link in the log', async () => log().match(/confirm=([A-Za-z0-9_-]+)/)?.[1]);
  await expectOk(await post('/auth/confirm', { token }), 'confirm');
  const login = await expectOk(await post('/auth/login', { email, password: PASSWORD }), 'sign in');
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await expectOk(
    await post(
      '/choirs',
      { name: 'Lighthouse Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' },
      cookie,
    ),
    'create a choir',
  );
  return cookie;
}

async function audit(url, profile, cookie, outDir) {
  const output = join(outDir, `${profile}-${url.replace(/\W+/g, '_')}.json`);
  const args = [
    url,
    `--chrome-path=${chromium}`,
    `--chrome-flags=${chromeFlags}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  if (profile === 'desktop') args.push('--preset=desktop');
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, in headless Chromium): run it again once.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)(lighthouse, args, { maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (err) {
      if (attempt >= 2 || !/Runtime error encountered/.test(err.stderr ?? '')) throw err;
      console.warn(`${url} (${profile}): ${err.stderr.trim()} — running it again`);
    }
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const score = (category) => Math.round(report.categories[category].score * 100);
  const seconds = (audit) => (report.audits[audit].numericValue / 1000).toFixed(1);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: seconds('first-contentful-paint'),
    lcp: seconds('largest-contentful-paint'),
    tbt: Math.round(report.audits['total-blocking-time'].numericValue),
    cls: report.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    finalUrl: report.finalDisplayedUrl,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cantica-lighthouse-'));
// The full reports, for a closer look: lighthouse-reports/<profile>-<page>.json.
const reportDir = join(web, 'lighthouse-reports');
mkdirSync(reportDir, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let serverLog = '';
const server = spawn(binary, ['serve'], {
  env: {
    ...process.env,
    CANTICA_ADDR: `127.0.0.1:${port}`,
    CANTICA_DATA_DIR: dataDir,
    CANTICA_BASE_URL: base,
    CANTICA_SMTP_URL: '',
    CANTICA_LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));

try {
  await waitFor('the server', async () => (await fetch(`${base}/readyz`)).ok);
  const cookie = await signedInCookie(base, () => serverLog);
  const rows = [];
  for (const path of PAGES) {
    for (const profile of PROFILES) {
      const signedIn = path.startsWith('/dashboard');
      const r = await audit(`${base}${path}`, profile, signedIn ? cookie : null, reportDir);
      if (new URL(r.finalUrl).pathname !== path) throw new Error(`${path} ended on ${r.finalUrl}`);
      rows.push({ page: path, profile, ...r });
      console.log(
        `${path.padEnd(20)} ${profile.padEnd(8)} performance ${String(r.performance).padStart(3)}  accessibility ${String(r.accessibility).padStart(3)}  FCP ${r.fcp} s  LCP ${r.lcp} s  TBT ${r.tbt} ms  CLS ${r.cls}`,
      );
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
