// Writes beside each compressible file of dist/ (scripts, styles, pages, SVG,
// JSON) over 1 KiB its gzip at the best compression, name.gz, where that is
// smaller. The server sends it to every browser that accepts gzip
// (internal/httpapi/static.go), so it compresses nothing itself: not at
// start-up, which used to spend a quarter of a second on the app's megabytes
// of JavaScript, and not on a first request. Run from web/ last in
// `npm run build`, after the prerender has written landing.html.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
// The extensions of the content types the server counts as compressible.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
const MIN_BYTES = 1024;

// The build's own records (.vite/) are not served.
const served = () =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => !name.split(/[\\/]/).some((part) => part.startsWith('.')));

// Those of an earlier run are written anew.
for (const name of served().filter((n) => n.endsWith('.gz'))) rmSync(join(dist, name));

let files = 0;
let before = 0;
let after = 0;
for (const name of served()) {
  const path = join(dist, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
  const body = readFileSync(path);
  if (body.length <= MIN_BYTES) continue;
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  if (gz.length >= body.length) continue;
  writeFileSync(`${path}.gz`, gz);
  files++;
  before += body.length;
  after += gz.length;
}
const MB = (n) => (n / 1e6).toFixed(1);
console.log(`compress: ${files} files, ${MB(before)} MB -> ${MB(after)} MB gzipped`);
