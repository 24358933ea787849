// Writes beside each compressible file of dist/ (scripts, styles, pages, SVG,
// JSON) over 1 KiB its gzip at the best compression, name.gz, and its Brotli
// at the best quality, name.br, each where it is smaller. The server sends
// the Brotli form to browsers that accept it (every current one; some 15 %
// fewer bytes than gzip on the app's scripts, which is a phone's start-up
// time) and the gzip form to the others (internal/httpapi/static.go), so it
// compresses nothing itself: not at start-up, which used to spend a quarter
// of a second on the app's megabytes of JavaScript, and not on a first
// request. A Brotli stream carries no checksum, so .vite/brotli.json lists
// the SHA-256 of what each .br was made from, and the server sends no .br left
// from another build. Run from web/ last in `npm run build`, after the
// prerender has written landing.html.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
// The extensions of the content types the server counts as compressible.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
const MIN_BYTES = 1024;

// The build's own records (.vite/) are not served.
const served = () =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => !name.split(/[\\/]/).some((part) => part.startsWith('.')));

// Those of an earlier run are written anew.
for (const name of served().filter((n) => n.endsWith('.gz') || n.endsWith('.br'))) rmSync(join(dist, name));

let files = 0;
let before = 0;
let after = 0;
let afterBrotli = 0;
const brotliSums = {};
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
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  if (br.length >= gz.length) {
    afterBrotli += gz.length;
    continue;
  }
  writeFileSync(`${path}.br`, br);
  brotliSums[name.split(/[\\/]/).join('/')] = createHash('sha256').update(body).digest('hex');
  afterBrotli += br.length;
}
mkdirSync(join(dist, '.vite'), { recursive: true });
writeFileSync(join(dist, '.vite', 'brotli.json'), JSON.stringify(brotliSums, null, 2));
const MB = (n) => (n / 1e6).toFixed(1);
console.log(`compress: ${files} files, ${MB(before)} MB -> ${MB(after)} MB gzipped, ${MB(afterBrotli)} MB with Brotli`);
