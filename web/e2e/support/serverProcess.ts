import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { SMTP_PORT } from './mailbox';
import { serverLog } from './serverLog';

// A Cantica of a spec's own (billingServer.ts, stoppableServer.ts,
// subs.spec.ts), set up as the main e2e server is in playwright.config.ts
// (serverEnv): its mail to the run's SMTP server, its log into the main
// server's file, which the end of the run reads for mailed secrets, and its
// warnings and errors among the tests' output.

/** serverEnv is how every Cantica of the run is set up (playwright.config.ts's main server too). */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    CANTICA_ADDR: `127.0.0.1:${port}`,
    CANTICA_DATA_DIR: dataDir,
    CANTICA_BASE_URL: `http://127.0.0.1:${port}`,
    CANTICA_LOG_LEVEL: 'info',
    CANTICA_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    CANTICA_MAIL_FROM: 'Cantica <no-reply@cantica.test>',
    // Lets createConfirmedAccount (e2e/support/accounts.ts) register each account from its own address.
    CANTICA_TRUSTED_PROXIES: '127.0.0.1/32',
  };
}

/** startServer starts ../bin/cantica on port and dataDir with env added, and resolves once it is ready. */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('../bin/cantica', ['serve'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...serverEnv(port, dataDir), ...env },
  });
  const log = serverLog();
  const toLog = (chunk: Buffer) => appendFileSync(log, chunk);
  child.stdout?.on('data', toLog);
  child.stderr?.on('data', (chunk: Buffer) => {
    toLog(chunk);
    for (const line of chunk.toString().split('\n')) if (line && !line.includes(' level=INFO ')) process.stderr.write(`${line}\n`);
  });
  try {
    await waitForReady(url, child);
  } catch (err) {
    child.kill();
    throw err;
  }
  return child;
}

/** waitForReady polls the server's readiness until it answers, for at most a minute. */
async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} was not ready within a minute`);
}
