import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A second build of the web app, for the "new version" flow: a copy of the
// build (dist/) whose page carries SECOND_BUILD_MARK and whose service worker
// lists the page with a new revision, as a real second build's does (any file
// changed gives sw.js a new precache list). The server serves it from its
// directory (CANTICA_WEB_DIR) instead of the build inside the binary, so no
// second vite build is run.

export const SECOND_BUILD_MARK = '<meta name="cantica-build" content="second">';

/** makeSecondBuild writes the second build into a new temporary directory and returns it. */
export function makeSecondBuild(dist = 'dist'): string {
  const dir = mkdtempSync(join(tmpdir(), 'cantica-e2e-second-build-'));
  cpSync(dist, dir, { recursive: true });

  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  if (!page.includes('<head>')) throw new Error('dist/index.html has no <head>');
  writeFileSync(join(dir, 'index.html'), page.replace('<head>', `<head>${SECOND_BUILD_MARK}`));

  const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
  const entry = /\{"revision":"[^"]+","url":"index\.html"\}/;
  if (!entry.test(worker)) throw new Error('dist/sw.js lists no revision of index.html');
  writeFileSync(join(dir, 'sw.js'), worker.replace(entry, '{"revision":"second-build","url":"index.html"}'));

  // The compressed forms were made from the first build's files: the server makes new ones.
  for (const name of ['index.html', 'sw.js']) for (const ext of ['.gz', '.br']) rmSync(join(dir, name + ext), { force: true });
  return dir;
}
