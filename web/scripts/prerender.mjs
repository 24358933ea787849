// Prerenders the landing page to dist/landing.html, which the server sends at /
// so that its first visit downloads no React, Router, Mantine or Query code.
// Run from web/ after `vite build` (dist/index.html and dist/.vite/manifest.json
// must exist): the page is src/prerender/landing.tsx rendered to HTML with the
// app's entry CSS, plus src/prerender/landingScript.ts inlined as a small
// script. It also writes the signed-in app's loading shell (ShellSkeleton)
// into dist/index.html, so that its pages paint before their scripts have
// arrived. Exits with status 1, saying why, when anything is missing.
import react from '@vitejs/plugin-react';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');

// A failure with a message of its own, printed without a stack trace.
class PrerenderError extends Error {}

function fail(message) {
  throw new PrerenderError(message);
}

/**
 * entryCss names the stylesheets the app loads at start, in order: those dist/index.html links (Vite
 * puts there the CSS of the entry and of every chunk it imports, such as Mantine's start-up chunk).
 */
function entryCss() {
  const path = join(dist, 'index.html');
  if (!existsSync(path)) fail(`no ${path}: run vite build first`);
  const files = [...readFileSync(path, 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  if (files.length === 0) fail(`${path} links no stylesheet`);
  return files;
}

/** earlyEntry is the file of the early entry, src/early.ts (vite.config.ts's second input). */
function earlyEntry() {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) fail(`no ${path}: run vite build first`);
  const entry = JSON.parse(readFileSync(path, 'utf8'))['src/early.ts'];
  if (!entry?.isEntry) fail(`${path} has no entry src/early.ts`);
  return entry.file;
}

/** unstyled lists the Mantine classes (m_xxxxxxxx) the markup uses that none of the stylesheets define. */
function unstyled(markup, css) {
  const styles = css.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
  const used = new Set(markup.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
  return [...used].filter((name) => !styles.includes(`.${name}`));
}

/** headOf returns the lines of dist/index.html's <head> that the landing page keeps. */
function headOf() {
  const path = join(dist, 'index.html');
  if (!existsSync(path)) fail(`no ${path}: run vite build first`);
  const head = /<head>([\s\S]*?)<\/head>/.exec(readFileSync(path, 'utf8'))?.[1];
  if (!head) fail(`${path} has no <head>`);
  // Charset, viewport, description, icon and title; not the app's scripts or preloads.
  const kept = head.match(/<meta [^>]*>|<title>[^<]*<\/title>|<link rel="icon"[^>]*>/g) ?? [];
  for (const needed of ['<meta charset', '<meta name="viewport"', '<title>']) {
    if (!kept.some((line) => line.startsWith(needed))) fail(`${path} has no ${needed}…`);
  }
  return kept;
}

/** renderLanding builds src/prerender/landing.tsx for Node in a temporary folder, and renders it. */
async function renderLanding(tmp) {
  const outDir = join(tmp, 'ssr');
  await build({
    root: web,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    // Everything bundled: the temporary folder is outside web/, where Node could not find node_modules.
    ssr: { noExternal: true },
    // The landing page's module also holds its session check, whose API client reads the page's
    // origin when loaded; Node has no window. Nothing calls the API while rendering.
    define: { 'window.location.origin': JSON.stringify('http://localhost') },
    build: { ssr: 'src/prerender/landing.tsx', outDir, emptyOutDir: true, minify: false },
  });
  const { renderLanding, renderShellSkeleton } = await import(pathToFileURL(join(outDir, 'landing.js')).href);
  const html = renderLanding();
  for (const needed of ['id="pricing"', 'id="features"', '<header', '<footer']) {
    if (!html.includes(needed)) fail(`the rendered landing page lacks ${needed}`);
  }
  const shell = renderShellSkeleton();
  if (!shell.includes('Cantica')) fail('the rendered shell skeleton lacks the app\'s name');
  return { html, shell };
}

/** enhancerScript builds src/prerender/landingScript.ts into one minified script. */
async function enhancerScript(tmp) {
  const [output] = await build({
    root: web,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: join(tmp, 'script'),
      write: false,
      minify: true,
      lib: { entry: 'src/prerender/landingScript.ts', formats: ['iife'], name: 'landing', fileName: 'landing' },
    },
  });
  const code = output.output.find((out) => out.type === 'chunk')?.code;
  if (!code) fail('building the landing script gave no code');
  // The IIFE assigns its exports to `var landing`: inside a function that stays local.
  // "</script" in a string would end the inline script early.
  return `(function(){${code.trim()}\nlanding.enhanceLanding(document)})()`.replace(/<\/script/gi, '<\\/script');
}

// Sets the theme before the first paint (calendar spec §2): the stored choice, else light on the landing page.
const THEME_SCRIPT = `try{var t=localStorage.getItem('theme');document.documentElement.setAttribute('data-mantine-color-scheme',t==='dark'||t==='light'?t:'light')}catch(e){}`;
// The same in the signed-in app, where the system's preference comes before light.
const APP_THEME_SCRIPT = `try{var t=localStorage.getItem('theme');if(t!=='dark'&&t!=='light')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-mantine-color-scheme',t)}catch(e){}`;

// Adds the app's scripts, held in the template below, once the loading shell has painted:
// requestAnimationFrame runs just before the first frame, and a task queued from there runs
// after it. A tab opened in the background paints nothing, so it loads them at once.
const APP_SCRIPTS_LOADER = `(function(){var t=document.getElementById('app-scripts');function load(){if(t.parentNode){t.remove();document.head.appendChild(document.importNode(t.content,true))}}if(document.visibilityState==='visible')requestAnimationFrame(function(){setTimeout(load,0)});else load()})()`;

/**
 * withShell writes the loading shell into the signed-in app's index.html, with
 * the theme script before its stylesheet, so that the shell paints in the
 * reader's theme as soon as the HTML and the stylesheet are in. The app's
 * scripts, and the modules they import (and those the server adds for the
 * page, internal/httpapi/static.go), move into a template that a small script
 * adds to the page once the shell has painted: fetched from the head, a fast
 * connection brings them in before the first frame, and a phone's processor
 * then runs them before it paints anything. The server's CSP allows the
 * inline scripts by their hashes.
 *
 * Nor does the page ask for anything else before its scripts: the favicon is
 * written into the page, and the manifest's link (which has the browser
 * fetch the manifest and its icon) is added by the app once its first page
 * has painted (app/pwa/install.ts). Over HTTP/1.1 a phone has six
 * connections; these three requests held three of them while the scripts
 * waited.
 */
function withShell(index, shell) {
  if (!index.includes('<div id="root"></div>')) fail('dist/index.html has no empty <div id="root"></div>');
  const manifestLink = '<link rel="manifest" href="/manifest.webmanifest">';
  if (!index.includes(manifestLink)) fail(`dist/index.html has no ${manifestLink}`);
  index = index.replace(manifestLink, '');
  const faviconLink = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  if (!index.includes(faviconLink)) fail(`dist/index.html has no ${faviconLink}`);
  const favicon = readFileSync(join(dist, 'favicon.svg'), 'utf8').trim();
  index = index.replace(faviconLink, `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(favicon)}" />`);
  const stylesheet = index.indexOf('<link rel="stylesheet"');
  if (stylesheet < 0) fail('dist/index.html links no stylesheet');
  const scripts = index.match(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g) ?? [];
  if (!scripts.some((tag) => tag.startsWith('<script'))) fail('dist/index.html has no module script');
  // The early entry (src/early.ts) first: it asks for the first page's data while the rest loads.
  scripts.unshift(`<script type="module" crossorigin src="/${earlyEntry()}"></script>`);
  let page = index;
  for (const tag of scripts) page = page.replace(tag, '');
  page = page.replace(/\n\s*\n(\s*)/g, '\n$1');
  const at = page.indexOf('<link rel="stylesheet"');
  return (
    page.slice(0, at) +
    `<script>${APP_THEME_SCRIPT}</script>\n    ` +
    page
      .slice(at)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${shell}</div>\n    <template id="app-scripts">${scripts.join('')}</template><!-- app-scripts -->\n    <script>${APP_SCRIPTS_LOADER}</script>`,
      )
  );
}

async function main() {
  const head = headOf();
  const css = entryCss();
  const tmp = mkdtempSync(join(tmpdir(), 'cantica-prerender-'));
  try {
    const { html: markup, shell } = await renderLanding(tmp);
    // A page without its styles still passes every text check: make sure each component is styled.
    const missing = unstyled(markup + shell, css);
    if (missing.length > 0) fail(`the stylesheets ${css.join(', ')} define none of the classes ${missing.join(', ')}`);
    const indexPath = join(dist, 'index.html');
    writeFileSync(indexPath, withShell(readFileSync(indexPath, 'utf8'), shell));
    const script = await enhancerScript(tmp);
    const page = [
      '<!doctype html>',
      '<html lang="en" data-mantine-color-scheme="light">',
      '<head>',
      ...head,
      `<script>${THEME_SCRIPT}</script>`,
      ...css.map((file) => `<link rel="stylesheet" href="/${file}">`),
      '</head>',
      '<body>',
      `<div id="root">${markup}</div>`,
      `<script>${script}</script>`,
      '</body>',
      '</html>',
      '',
    ].join('\n');
    writeFileSync(join(dist, 'landing.html'), page);
    console.log(`prerender: wrote dist/landing.html (${(page.length / 1024).toFixed(1)} KB)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`prerender: ${err instanceof PrerenderError ? err.message : (err?.stack ?? err)}`);
  process.exit(1);
});
