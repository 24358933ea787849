/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const SHELL = 'src/app/shell/AppShellLayout.tsx';
const PUBLIC_LAYOUT = 'src/features/public/PublicLayout.tsx';

// The lazily loaded modules a page needs at once, by path ("/x/*": /x and
// everything under it). The server names their files in
// <link rel="modulepreload"> in the index.html it sends for that path, so they
// download beside the entry instead of after it has run and asked for them.
const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/public/LandingPage.tsx'],
  '/login': [PUBLIC_LAYOUT, 'src/features/auth/LoginPage.tsx'],
  '/register': [PUBLIC_LAYOUT, 'src/features/auth/RegisterPage.tsx'],
  '/accept-invite': [PUBLIC_LAYOUT, 'src/features/invitations/AcceptInvitePage.tsx'],
  '/dashboard/*': [SHELL],
  '/dashboard': [SHELL, 'src/features/dashboard/DashboardPage.tsx'],
  '/dashboard/calendar': [SHELL, 'src/features/calendar/CalendarPage.tsx'],
  '/dashboard/members': [SHELL, 'src/features/members/MembersPage.tsx'],
  '/account/*': [SHELL],
};

/** pagePreloads writes dist/.vite/preloads.json: for each path of PAGE_MODULES, the files to preload. */
function pagePreloads(): Plugin {
  return {
    name: 'cantica-page-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((out): out is Rolldown.OutputChunk => out.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [relative(root, c.facadeModuleId!), c]));
      const withImports = (chunk: Rolldown.OutputChunk, into: Set<string>) => {
        if (into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const name of chunk.imports) withImports(bundle[name] as Rolldown.OutputChunk, into);
      };
      // The entry's own imports are preloaded by index.html already.
      const atStart = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) withImports(entry, atStart);
      const preloads: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(PAGE_MODULES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(module);
          if (!chunk) this.error(`page preloads: ${module} (for ${path}) is not a chunk of its own; update PAGE_MODULES`);
          withImports(chunk, files);
        }
        preloads[path] = [...files].filter((f) => !atStart.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: '.vite/preloads.json', source: JSON.stringify(preloads, null, 2) });
    },
  };
}

// Chunks that every page needs at start, each in one file rather than in the
// dozens of small shared chunks the bundler would otherwise cut them into:
// over HTTP/1.1 each file costs a round trip. Pages load the rest themselves.
const STARTUP_CHUNKS = [
  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|openapi-fetch)[\\/]/ },
  // Mantine's provider and styles, and the primitives nearly every page uses.
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Anchor|Box|Button|Center|Container|Group|Loader|Paper|Skeleton|Stack|Text|Title|Transition|UnstyledButton))|@mantine[\\/]hooks|clsx)[\\/]/,
  },
  // The app's session, choir, errors, guards and API client.
  {
    name: 'app',
    test: /[\\/]src[\\/](api[\\/]client|app[\\/](choir|errors|guards|notify|permissions|queryClient|session|storage|theme|shell[\\/](ErrorFallback|navigation|ShellSkeleton)))\./,
  },
];
// Icons come in two files rather than one per icon (which cost a dashboard
// page some twenty requests): those the pages before sign-in use, and all the
// others, so that a feature's new icon never adds to the landing page or the
// sign-in page. An icon missed here still works; it just comes in the larger
// file.
const PUBLIC_ICON_SOURCES = [
  'src/features/public',
  'src/features/auth',
  'src/features/invitations',
  'src/components',
  'src/app/shell/ThemeToggle.tsx',
  'src/app/signOut.tsx',
];

/** iconsImportedBy names the icons the source files under paths import. */
function iconsImportedBy(paths: string[]): Set<string> {
  const names = new Set<string>();
  for (const path of paths) {
    const full = join(root, path);
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => join(full, f))
      : [full];
    for (const file of files.filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
      for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react'/g)) {
        for (const item of list.split(',')) {
          const name = item.trim().split(/\s+as\s+/)[0];
          if (name) names.add(name);
        }
      }
    }
  }
  return names;
}

const publicIcons = iconsImportedBy(PUBLIC_ICON_SOURCES);
const ICON = /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](\w+)\.mjs$/;
const ICONS = [
  // The public icons and the helpers every icon is made with.
  {
    name: 'icons-public',
    priority: 2,
    test: (id: string) => {
      if (!/node_modules[\\/]@tabler[\\/]icons-react[\\/]/.test(id)) return false;
      const icon = ICON.exec(id);
      return !icon || publicIcons.has(icon[1]);
    },
  },
  { name: 'icons', priority: 1, test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
];

export default defineConfig({
  plugins: [react(), pagePreloads()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page needs (scripts/check-budgets.mjs).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [...STARTUP_CHUNKS, ...ICONS] } } },
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
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // CI machines have two cores; typing-heavy form tests need more than
    // the default 5 s there, though they take one or two on a quiet machine.
    testTimeout: 20_000,
  },
});
