import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTP_PORT } from './mailbox';
import { serverLog } from './serverLog';

// A Cantica of the spec's own that it can stop and start again, on the same
// address and database: the phone "loses its signal" when the server stops.
// Chromium's offline emulation (context.setOffline) leaves the service
// worker's own requests hanging instead of failing them, which no phone
// does; with nothing listening they fail at once, as without a signal. Its
// log goes to the main server's file, which the end of the run reads for
// mailed secrets.

/** The server's port: the main server's plus 2000, unless CANTICA_E2E_STOPPABLE_PORT says otherwise. */
const port = Number(process.env.CANTICA_E2E_STOPPABLE_PORT ?? Number(process.env.CANTICA_E2E_PORT ?? 18080) + 2000);
export const STOPPABLE_URL = `http://127.0.0.1:${port}`;

export interface StoppableServer {
  /** Its data directory, for `cantica admin` (CANTICA_DATA_DIR). */
  dataDir: string;
  /** stop ends the server and resolves once it has exited. */
  stop: () => Promise<void>;
  /** start starts it again on the same address and database. */
  start: () => Promise<void>;
}

/** waitForReady polls the server's readiness until it answers, for at most a minute. */
async function waitForReady(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stoppable server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${STOPPABLE_URL}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the stoppable server at ${STOPPABLE_URL} was not ready within a minute`);
}

/** startStoppableServer starts a Cantica on a new database; stop it at the end of the spec. */
export async function startStoppableServer(): Promise<StoppableServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cantica-e2e-stoppable-'));
  const log = serverLog();
  let server: ChildProcess | null = null;

  const start = async () => {
    const child = spawn('../bin/cantica', ['serve'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CANTICA_ADDR: `127.0.0.1:${port}`,
        CANTICA_DATA_DIR: dataDir,
        CANTICA_BASE_URL: STOPPABLE_URL,
        CANTICA_LOG_LEVEL: 'info',
        CANTICA_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        CANTICA_MAIL_FROM: 'Cantica <no-reply@cantica.test>',
        CANTICA_TRUSTED_PROXIES: '127.0.0.1/32',
      },
    });
    server = child;
    const toLog = (chunk: Buffer) => appendFileSync(log, chunk);
    child.stdout?.on('data', toLog);
    child.stderr?.on('data', (chunk: Buffer) => {
      toLog(chunk);
      // Warnings and errors among the tests' output, as the main server's.
      for (const line of chunk.toString().split('\n')) if (line && !line.includes(' level=INFO ')) process.stderr.write(`${line}\n`);
    });
    try {
      await waitForReady(child);
    } catch (err) {
      child.kill();
      throw err;
    }
  };

  const stop = async () => {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  };

  await start();
  return { dataDir, stop, start };
}
