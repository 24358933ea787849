import { type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './serverProcess';

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
/** A second spec's own stoppable server, one port above (the specs run at the same time). */
export const SECOND_STOPPABLE_URL = `http://127.0.0.1:${port + 1}`;

export interface StoppableServer {
  /** Its data directory, for `cantica admin` (CANTICA_DATA_DIR). */
  dataDir: string;
  /** stop ends the server and resolves once it has exited. */
  stop: () => Promise<void>;
  /** start starts it again on the same address and database, with env added (CANTICA_WEB_DIR, say); nothing when it runs. */
  start: (env?: Record<string, string>) => Promise<void>;
}

/** startStoppableServer starts a Cantica on a new database at url; stop it at the end of the spec. */
export async function startStoppableServer(url = STOPPABLE_URL): Promise<StoppableServer> {
  const port = Number(new URL(url).port);
  const dataDir = mkdtempSync(join(tmpdir(), 'cantica-e2e-stoppable-'));
  let server: ChildProcess | null = null;

  const start = async (env: Record<string, string> = {}) => {
    if (server) return;
    server = await startServer(port, dataDir, env);
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
