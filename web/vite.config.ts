/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { OTHER_ICONS_GROUP, pagePreloads, PUBLIC_ICONS_GROUP } from './vite.shared.ts';

// The signed-in app. The pages a visitor opens without signing in are also a
// smaller app of their own (vite.public.config.ts), built after this one into
// the same dist/; the server sends each path the HTML of its app.
const SHELL = 'src/app/shell/AppShellLayout.tsx';

// The lazily loaded modules a signed-in page needs at once (see pagePreloads).
const PAGE_MODULES: Record<string, string[]> = {
  '/dashboard/*': [SHELL],
  '/dashboard': [SHELL, 'src/features/dashboard/DashboardPage.tsx'],
  '/dashboard/calendar': [SHELL, 'src/features/calendar/CalendarPage.tsx'],
  '/dashboard/members': [SHELL, 'src/features/members/MembersPage.tsx'],
  '/account/*': [SHELL],
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

// Chunks that every page needs at start, each in one file rather than in the
// dozens of small shared chunks the bundler would otherwise cut them into:
// over HTTP/1.1 each file costs a round trip. Pages load the rest themselves.
const STARTUP_CHUNKS = [
  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|openapi-fetch)[\\/]/ },
  // Mantine: its provider, hooks and every component the app uses, in one file. Each signed-in
  // page uses a dozen or more components and the shell as many again; in files of their own
  // they cost a phone on HTTP/1.1 some forty requests (a round trip per six) before a page shows.
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine[\\/](core|hooks|store)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)/,
  },
  // The app's session, choir, errors, guards and API client.
  {
    name: 'app',
    test: /[\\/]src[\\/](api[\\/]client|app[\\/](choir|errors|guards|notify|permissions|queryClient|session|storage|theme|shell[\\/](ErrorFallback|navigation|ShellSkeleton)))\./,
  },
];

export default defineConfig({
  plugins: [react(), pagePreloads(PAGE_MODULES, 'preloads.json')],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page needs (scripts/check-budgets.mjs).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [...STARTUP_CHUNKS, PUBLIC_ICONS_GROUP, OTHER_ICONS_GROUP] } } },
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
    projects: [
      { extends: true, test: { name: 'isolated', include: MOCKING_TEST_FILES, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_TEST_FILES, isolate: false },
      },
    ],
  },
});
