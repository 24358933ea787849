/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { appModulesOf, lazyModulesOf, mantineModulesOf, OTHER_ICONS_GROUP, pagePreloads, PUBLIC_ICONS_GROUP } from './vite.shared.ts';

// The signed-in app. The pages a visitor opens without signing in are also a
// smaller app of their own (vite.public.config.ts), built after this one into
// the same dist/; the server sends each path the HTML of its app.
// The lazily loaded modules a signed-in page needs at once (see pagePreloads).
// The navigation shell is part of the app's start-up code (routes.tsx).
const PAGE_MODULES: Record<string, string[]> = {
  '/dashboard': ['src/features/dashboard/DashboardPage.tsx', 'src/features/music/practice/YourPracticeCard.tsx'],
  '/dashboard/calendar': ['src/features/calendar/CalendarPage.tsx'],
  '/dashboard/members': ['src/features/members/MembersPage.tsx'],
};

// Test files that replace a module with vi.mock: they need modules of their
// own, so they run isolated. Every other file shares one jsdom and one module
// graph per worker, which halves the suite's time (a fresh jsdom and a fresh
// import of Mantine per file cost more than the tests themselves); the setup
// file puts back what a test may leave behind. The files are read only when
// Vitest loads this config, not on every build.
const MOCKING_TEST_FILES = !process.env.VITEST
  ? []
  : (readdirSync('src', { recursive: true }) as string[])
      .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join('src', file), 'utf8')))
      .map((file) => join('src', file));

// The Mantine components the start-up chunk holds: those the entry, its toasts (loaded just after the
// first page), the shell, the dashboard and the calendar import (see mantineModulesOf); read from
// the sources at the build's first question.
const STARTUP_PAGES = [
  'src/main.tsx',
  'src/app/shell/Toasts.tsx',
  'src/app/shell/AppShellLayout.tsx',
  'src/features/dashboard/DashboardPage.tsx',
  'src/features/calendar/CalendarPage.tsx',
];
let startupMantine: Set<string> | undefined;
const isStartupMantine = (id: string) => (startupMantine ??= mantineModulesOf(STARTUP_PAGES)).has(id);
// Mantine's hooks and the libraries the start-up components are made with (tree-shaken).
const MANTINE_HELPERS = /node_modules[\\/](@mantine[\\/](hooks|store)|@floating-ui|react-remove-scroll|clsx)[\\/]/;
// A file of @mantine/core other than its index (which imports every component), and the
// libraries of its number and text-area inputs.
const MANTINE_MORE = /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](?!index\.mjs$)|react-number-format[\\/]|react-textarea-autosize[\\/])/;

// The two pages the app opens on most, the dashboard and the calendar: each page's own modules
// in one file, and those both need in one more ('week': answers, dates, colours), rather than
// the dozen small chunks the bundler would cut them into where other pages share them: over
// HTTP/1.1, a round trip each.
const FIRST_PAGES = { dashboard: PAGE_MODULES['/dashboard'], calendar: PAGE_MODULES['/dashboard/calendar'] };
let firstPageModules: Map<string, string> | undefined;
let earlyModules: Set<string> | undefined;

/**
 * firstPageGroupOf names the group of an app module of the first pages: 'week' when both need it;
 * the page's own name when it alone does and nothing else the app loads lazily does (else another
 * page would load that page's file with it); undefined for any other module, which the bundler
 * places. Read from the sources at the build's first question.
 */
function firstPageGroupOf(id: string): string | undefined {
  if (!firstPageModules) {
    const firstRoots = new Set(Object.values(FIRST_PAGES).flat());
    const elsewhere = appModulesOf([...lazyModulesOf()].filter((module) => !firstRoots.has(module)));
    const [dashboard, calendar] = [appModulesOf(FIRST_PAGES.dashboard), appModulesOf(FIRST_PAGES.calendar)];
    firstPageModules = new Map();
    for (const module of new Set([...dashboard, ...calendar])) {
      if (dashboard.has(module) && calendar.has(module)) firstPageModules.set(module, 'week');
      else if (!elsewhere.has(module)) firstPageModules.set(module, dashboard.has(module) ? 'dashboard' : 'calendar');
    }
  }
  return firstPageModules.get(id);
}
const FIRST_PAGE_GROUPS = ['dashboard', 'calendar', 'week'].map((name) => ({
  name,
  test: (id: string) => firstPageGroupOf(id) === name,
  includeDependenciesRecursively: false,
}));

const SHARED_PIECES = /[\\/]src[\\/]components[\\/](SectionState|ErrorAlert|PageHeader|ConfirmModal|NoChoirSelected|LoadingView|format)\.tsx?$/;
// Chunks that every page needs at start, each in one file rather than in the
// dozens of small shared chunks the bundler would otherwise cut them into:
// over HTTP/1.1 each file costs a round trip. Pages load the rest themselves.
const STARTUP_CHUNKS = [
  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|openapi-fetch)[\\/]/ },
  // Mantine: its provider, hooks and the components of the shell and of the two pages most
  // opened first, the dashboard and the calendar, in one file. Each uses a dozen or more
  // components and the shell as many again; in files of their own they cost a phone on
  // HTTP/1.1 some forty requests (a round trip per six) before a page shows.
  {
    name: 'mantine',
    test: (id: string) => MANTINE_HELPERS.test(id) || isStartupMantine(id),
  },
  // Every other Mantine component, in one file that the pages using them load: not parsed
  // and run before the first page shows.
  { name: 'mantine-more', test: MANTINE_MORE },
  // The early entry (src/early.ts) and the few modules it needs, without React or the query
  // library, so that it runs as soon as it has come, not once they have: it asks for the first
  // page's data.
  { name: 'early', test: (id: string) => (earlyModules ??= appModulesOf(['src/early.ts'])).has(id), includeDependenciesRecursively: false },
  // The app's own modules the entry imports, the navigation shell's among them (its session,
  // choir, guards, API client, and what the shell shows on every page): in one file, not the
  // dozen small chunks the bundler would cut them into where pages share them. Their scripts
  // only: the stylesheets stay with the entry's, after Mantine's, which phone.css overrides.
  { name: 'app', tags: ['$initial' as const], test: /[\\/]src[\\/].*\.tsx?$/, includeDependenciesRecursively: false },
  // The few tiny pieces most pages show (a section's loading and error states, the page header,
  // the confirmation dialog, dates), in one file: each was a file of a few hundred bytes, and a
  // round trip, of its own.
  { name: 'pieces', test: SHARED_PIECES, includeDependenciesRecursively: false },
  ...FIRST_PAGE_GROUPS,
];

// The phone app (issue 31): the web app manifest and the service worker
// src/sw/sw.ts, into which the plugin writes the list of the signed-in app's
// files to precache. The app registers it itself, after its first page, from
// the signed-in shell only (src/app/pwa), so / and /login carry none of it.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/dashboard',
    name: 'Cantica',
    short_name: 'Cantica',
    description: 'Choir management: members, a liturgical calendar, a music library and practice tools.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    // The manifest has one colour; the page's theme-color meta tags carry light and dark (index.html).
    theme_color: '#5f3dc4',
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The signed-in app's scripts, styles and page; pdf.js's worker and the stretcher's
    // WebAssembly too, which the practice studio needs offline.
    globPatterns: ['index.html', 'assets/**/*.{js,mjs,css,wasm,woff2}', '*.{png,svg}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), pagePreloads(PAGE_MODULES, 'preloads.json', true), pwa],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page needs (scripts/check-budgets.mjs).
    manifest: true,
    rolldownOptions: {
      // src/early.ts is an entry of its own, not a script of index.html: Vite would join the two
      // scripts of a page into one entry, which runs once all their imports have come.
      input: { index: 'index.html', early: 'src/early.ts' },
      output: { codeSplitting: { groups: [...STARTUP_CHUNKS, PUBLIC_ICONS_GROUP, OTHER_ICONS_GROUP] } },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // CI machines have two cores; typing-heavy form tests need more than
    // the default 5 s there, though they take one or two on a quiet machine.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: a single one on a
    // two-core CI machine, whose second core then idled through the run.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    projects: [
      { extends: true, test: { name: 'isolated', include: MOCKING_TEST_FILES, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_TEST_FILES, isolate: false },
      },
    ],
  },
});
