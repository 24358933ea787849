import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { startServer } from './serverProcess';

// A second Cantica, with billing on (CANTICA_BILLING=stripe), for the flows
// that need plans and checkout: the main e2e server is a self-hosted one.
// Its Stripe is stripe-mock, Stripe's own mock server (`go install
// github.com/stripe/stripe-mock@v0.203.0`, which .ci/run does); both are
// started by the spec that needs them and stopped after it. The server's log
// goes to the same file as the main server's, which the end of the run reads
// for mailed secrets.

/** stripeMockBinary finds stripe-mock on PATH or where `go install` puts it. */
export function stripeMockBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), join(process.env.GOPATH ?? join(homedir(), 'go'), 'bin')];
  for (const dir of dirs) {
    const candidate = join(dir, 'stripe-mock');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * BILLING_URL is the billing server's address, fixed before it starts so a
 * spec can make it its baseURL: the main server's port plus 1000, unless
 * CANTICA_E2E_BILLING_PORT says otherwise.
 */
const billingPort = Number(process.env.CANTICA_E2E_BILLING_PORT ?? Number(process.env.CANTICA_E2E_PORT ?? 18080) + 1000);
export const BILLING_URL = `http://127.0.0.1:${billingPort}`;

export interface BillingServer {
  url: string;
  stop: () => void;
  /**
   * endTrial ends a choir's free trial now, as if its 30 days had passed. The
   * product has no way to move its clock, and must not have one, so this
   * writes the server's SQLite file itself, with the sqlite3 shell (which
   * .ci/run installs).
   */
  endTrial: (choirId: string) => void;
}

/** sqliteShell is the sqlite3 command-line shell, or null when it is not installed. */
export function sqliteShell(): string | null {
  const candidate = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'sqlite3'));
  return candidate.find((path) => existsSync(path)) ?? null;
}

function endTrialIn(dataDir: string, choirId: string) {
  const shell = sqliteShell();
  if (!shell) throw new Error('the sqlite3 shell is not installed (apt-get install sqlite3)');
  if (!/^[0-9a-f-]{36}$/.test(choirId)) throw new Error(`not a choir id: ${choirId}`);
  // The trial ends when the choir was created; the server reads the row on every request.
  execFileSync(shell, [
    '-cmd',
    '.timeout 10000',
    join(dataDir, 'cantica.db'),
    `UPDATE choir_subscriptions SET trial_ends_at = created_at WHERE choir_id = '${choirId}';`,
  ]);
}

/** waitForLine resolves with the first match of pattern in what the process prints. */
function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(pattern);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${seen}`)));
  });
}

/** startBillingServer starts stripe-mock and a Cantica with billing on that talks to it. */
export async function startBillingServer(): Promise<BillingServer> {
  const bin = stripeMockBinary();
  if (!bin) throw new Error('stripe-mock is not installed: go install github.com/stripe/stripe-mock@v0.203.0');
  // Both of stripe-mock's listeners on ports the system chooses.
  const mock = spawn(bin, ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'cantica-e2e-billing-'));
  const stop = () => {
    server?.kill();
    mock.kill();
  };
  try {
    const [, mockAddress] = await waitForLine(mock, /Listening for HTTP at address: (\S+)/);
    server = await startServer(billingPort, dataDir, {
      CANTICA_BILLING: 'stripe',
      CANTICA_STRIPE_SECRET_KEY: 'sk_test_cantica',
      CANTICA_STRIPE_WEBHOOK_SECRET: 'whsec_cantica',
      CANTICA_STRIPE_PRICE_SMALL: 'price_small_e2e',
      CANTICA_STRIPE_PRICE_MEDIUM: 'price_medium_e2e',
      CANTICA_STRIPE_PRICE_LARGE: 'price_large_e2e',
      CANTICA_STRIPE_API_URL: `http://${mockAddress}`,
    });
    return { url: BILLING_URL, stop, endTrial: (choirId) => endTrialIn(dataDir, choirId) };
  } catch (err) {
    stop();
    throw err;
  }
}
