// Checks the JavaScript budgets of DESIGN.md against the built app (dist/).
// Two builds share dist/: the signed-in app (index.html, Vite's manifest
// .vite/manifest.json) and the public app (public.html,
// .vite/public-manifest.json), which the server sends for the pages a visitor
// opens without signing in; the landing page is prerendered HTML
// (landing.html) with its script inline. What a page needs is its app's entry
// and its route's modules and, transitively, every chunk they import
// statically, which the browser must download before the page renders; for
// landing.html, the scripts it carries. Sizes are gzipped (node:zlib, level
// 9). Prints the chunks and the pages, and exits with status 1 naming what is
// over budget. Run by `make test` after the build (`npm run budgets`).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const KB = 1024;

// Pages with a budget: DESIGN.md's for / and /login, and the same as /login's
// for the other pages before sign-in and what a singer's phone opens from an
// email (issue 17). `html` names a prerendered page; `preloads` the public
// app's path in .vite/public-preloads.json, the files of that page's code
// beyond its entry's (which the public build writes, and the server names in
// the page's HTML).
const PAGES = {
  '/': { budget: 120, html: 'landing.html' },
  '/login': { budget: 150, preloads: '/login' },
  '/register': { budget: 150, preloads: '/register' },
  '/accept-invite': { budget: 150, preloads: '/accept-invite' },
  '/help': { budget: 150, preloads: '/help' },
  ...Object.fromEntries(
    ['rsvp', 'event', 'practice', 'unsubscribe'].map((name) => [`/email/${name}`, { budget: 150, preloads: `/email/${name}/*` }]),
  ),
};
// Any one chunk: at most this much, unless listed below with the reason.
const CHUNK_BUDGET = 150;
const CHUNK_EXCEPTIONS = {
  // pdf.js (pdfjs-dist/build/pdf.mjs, 134 KB) is within the budget today; should it grow past it, list it
  // here: it renders scores, and only the practice studio loads it, by import() when a score is opened.
};
// Lazily loaded modules of the signed-in app with a budget of their own: what
// each adds, gzipped, to the page that opens it (the modules of `over` and the
// entry). Libraries they load later by import() (pdf.js, wavesurfer.js, the
// stretcher) are not counted: they are not needed to show the module.
const ADDED = {
  'src/features/music/practice/PracticeStudio.tsx': {
    budget: 75,
    over: ['src/features/music/MusicPiecePage.tsx'],
    what: "the practice studio's own JavaScript (issue 16)",
  },
  'src/features/communications/CommunicationsPage.tsx': {
    // 11 KB of its own and the shared 35 KB mantine-more chunk (see the announcements page).
    budget: 50,
    over: [],
    what: "the communications page's own JavaScript (issue 27), with mantine-more",
  },
  'src/features/analytics/AnalyticsPage.tsx': {
    // The page, its filters, sections, tables and charts (issue 28: 120 KB including the chart library).
    // The charts are small SVG components: @mantine/charts with recharts 3 alone was 139 KB gzipped.
    budget: 120,
    over: [],
    what: "the analytics page's own JavaScript, its charts included (issue 28)",
  },
  'src/features/announcements/AnnouncementsPage.tsx': {
    // 12 KB of its own and, since the start-up Mantine chunk holds only what the shell, the dashboard
    // and the calendar use, the 35 KB mantine-more chunk (its Modal, Badge, Switch …), which every page
    // using such components shares and the browser loads once.
    budget: 50,
    over: [],
    what: 'the announcements page, its form and who-has-read dialog (issue 27), with mantine-more',
  },
  'src/features/policies/PoliciesPage.tsx': {
    // Its own code and the shared mantine-more chunk, as the announcements page.
    budget: 50,
    over: [],
    what: 'the policies page: its form, who-has-acknowledged and versions dialogs, attendance rules and standing (issue 30), with mantine-more',
  },
};

function readManifest(name) {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite', name), 'utf8'));
  } catch (err) {
    console.error(`check-budgets: no ${name} in ${dist}/.vite (run the web build first): ${err.message}`);
    process.exit(1);
  }
}
const apps = { signedIn: readManifest('manifest.json'), public: readManifest('public-manifest.json') };
const publicPreloads = readManifest('public-preloads.json');

const gzipped = new Map();
const sizeOf = (bytes) => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
const size = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, sizeOf(readFileSync(join(dist, file))));
  return gzipped.get(file);
};

/** files lists the JavaScript files that must load for these entries of a manifest: the app's entry, them and their static imports. */
function files(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-budgets: ${key} is not in the build manifest; update PAGES in ${fileURLToPath(import.meta.url)}`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entryOf(manifest), ...keys]) visit(key);
  return [...seen];
}
const entryOf = (manifest) => Object.keys(manifest).find((k) => manifest[k].isEntry);

/** htmlScripts is what a prerendered page's scripts weigh: inline ones and the files it names. */
function htmlScripts(name) {
  const html = readFileSync(join(dist, name), 'utf8');
  let bytes = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="\/?([^"]+)"/.exec(attrs);
    bytes += src ? size(src[1]).gzip : sizeOf(Buffer.from(body)).gzip;
  }
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)) bytes += size(href).gzip;
  return bytes;
}

const total = (list) => list.reduce((sum, file) => sum + size(file).gzip, 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const failures = [];

// Every chunk of both builds, largest first (a file both builds made alike is listed once).
const chunks = new Map();
for (const [app, manifest] of Object.entries(apps)) {
  for (const [key, c] of Object.entries(manifest)) {
    if (c.file.endsWith('.js') && !chunks.has(c.file)) chunks.set(c.file, { key, app, file: c.file, ...size(c.file) });
  }
}
console.log('Chunks (gzipped; raw)');
for (const c of [...chunks.values()].sort((a, b) => b.gzip - a.gzip)) {
  const excepted = CHUNK_EXCEPTIONS[c.key];
  const over = c.gzip > CHUNK_BUDGET * KB && !excepted;
  if (over) failures.push(`chunk ${c.file} (${c.key}) is ${kb(c.gzip)}, over the ${CHUNK_BUDGET} KB budget of a chunk`);
  const app = c.app === 'public' ? '  [public app]' : '';
  console.log(
    `  ${kb(c.gzip).padStart(9)}  ${kb(c.raw).padStart(9)}  ${c.file}${app}${over ? '  OVER BUDGET' : ''}${excepted ? `  (allowed: ${excepted})` : ''}`,
  );
}
for (const manifest of Object.values(apps)) {
  for (const file of new Set(manifest[entryOf(manifest)].css ?? [])) {
    console.log(`  ${kb(size(file).gzip).padStart(9)}  ${kb(size(file).raw).padStart(9)}  ${file}  (CSS of an entry, not counted)`);
  }
}

console.log('\nJavaScript to render a page (gzipped)');
for (const [path, { budget, html, preloads }] of Object.entries(PAGES)) {
  let needed;
  if (html) {
    if (!existsSync(join(dist, html))) {
      failures.push(`page ${path}: ${html} was not built (scripts/prerender.mjs)`);
      continue;
    }
    needed = htmlScripts(html);
  } else {
    const own = publicPreloads[preloads];
    if (!own) throw new Error(`check-budgets: ${preloads} is not a path of the public app; update PAGES in ${fileURLToPath(import.meta.url)}`);
    needed = total([...new Set([...files(apps.public, []), ...own.map((f) => f.replace(/^\//, ''))])]);
  }
  const over = needed > budget * KB;
  if (over) failures.push(`page ${path} needs ${kb(needed)} of JavaScript, over its ${budget} KB budget`);
  const from = html ? `${html}, prerendered` : 'public app';
  console.log(`  ${kb(needed).padStart(9)}  ${path.padEnd(18)} budget ${budget} KB  (${from})${over ? '  OVER BUDGET' : ''}`);
}

const signedIn = apps.signedIn;
const base = new Set(files(signedIn, []));
console.log(`\nWhat each lazily loaded module of the signed-in app adds to its entry (${kb(total([...base]))}; gzipped)`);
for (const [key, c] of Object.entries(signedIn)) {
  if (!c.isDynamicEntry) continue;
  const own = files(signedIn, [key]).filter((f) => !base.has(f));
  console.log(`  ${kb(total(own)).padStart(9)}  ${key}`);
}

console.log('\nWhat a lazily loaded module with a budget adds to the page that opens it (gzipped)');
for (const [key, { budget, over, what }] of Object.entries(ADDED)) {
  const before = new Set(files(signedIn, over));
  const added = total(files(signedIn, [key]).filter((f) => !before.has(f)));
  const tooBig = added > budget * KB;
  if (tooBig) failures.push(`${key}, ${what}, adds ${kb(added)}, over its ${budget} KB budget`);
  console.log(`  ${kb(added).padStart(9)}  ${key} budget ${budget} KB${tooBig ? '  OVER BUDGET' : ''}`);
}

if (failures.length) {
  console.error(`\nOver budget:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll within budget.');
