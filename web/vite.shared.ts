// Build pieces shared by the signed-in app's build (vite.config.ts) and the
// public app's (vite.public.config.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

export const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * pagePreloads writes dist/.vite/<fileName>: for each path of pageModules
 * ("/x/*": /x and everything under it), the files of the lazily loaded
 * modules that page needs at once, beyond what the entry preloads itself. The
 * server names them in <link rel="modulepreload"> in the HTML it sends for
 * that path, so they download beside the entry instead of after it has run and
 * asked for them. With withCss, the stylesheets of those files too (the server
 * links them among the signed-in app's deferred scripts, where they block no
 * paint; the router's loader then finds them there). The build fails if a
 * module is in no chunk.
 */
export function pagePreloads(pageModules: Record<string, string[]>, fileName: string, withCss = false): Plugin {
  return {
    name: 'cantica-page-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((out): out is Rolldown.OutputChunk => out.type === 'chunk');
      // A module's chunk: the one it is the facade of, else the one it was put in.
      const chunkOf = (module: string) =>
        chunks.find((c) => c.facadeModuleId && relative(root, c.facadeModuleId) === module) ??
        chunks.find((c) => c.moduleIds.some((id) => relative(root, id) === module));
      const withImports = (chunk: Rolldown.OutputChunk, into: Set<string>) => {
        if (into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const name of chunk.imports) withImports(bundle[name] as Rolldown.OutputChunk, into);
      };
      // The entry's own imports are preloaded by its HTML already.
      const atStart = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) withImports(entry, atStart);
      const preloads: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(pageModules)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunkOf(module);
          if (!chunk) this.error(`page preloads: ${module} (for ${path}) is in no chunk; update the page modules`);
          withImports(chunk, files);
        }
        const own = [...files].filter((f) => !atStart.has(f));
        const css = withCss ? own.flatMap((f) => [...((bundle[f] as Rolldown.OutputChunk).viteMetadata?.importedCss ?? [])]) : [];
        preloads[path] = [...own, ...new Set(css)].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: `.vite/${fileName}`, source: JSON.stringify(preloads, null, 2) });
    },
  };
}

// Icons come in two files rather than one per icon (which cost a dashboard
// page some twenty requests): those the pages before sign-in use, and all the
// others, so that a feature's new icon never adds to the landing page or the
// sign-in page. An icon missed here still works; it just comes in the larger
// file.
const PUBLIC_ICON_SOURCES = [
  'src/features/public',
  'src/features/auth',
  'src/features/invitations',
  'src/features/emaillinks',
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

/** The public icons and the helpers every icon is made with, in one chunk. */
export const PUBLIC_ICONS_GROUP = {
  name: 'icons-public',
  priority: 2,
  test: (id: string) => {
    if (!/node_modules[\\/]@tabler[\\/]icons-react[\\/]/.test(id)) return false;
    const icon = ICON.exec(id);
    return !icon || publicIcons.has(icon[1]);
  },
};

/** Every other icon, in one chunk. */
export const OTHER_ICONS_GROUP = { name: 'icons', priority: 1, test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ };

const MANTINE_CORE = join(root, 'node_modules', '@mantine', 'core', 'esm');
// The packages whose imports are followed, by their index: Mantine and its toasts, built on it.
const FOLLOWED_PACKAGES: Record<string, string> = {
  '@mantine/core': join(MANTINE_CORE, 'index.mjs'),
  '@mantine/notifications': join(root, 'node_modules', '@mantine', 'notifications', 'esm', 'index.mjs'),
};

/** resolveSource finds the file a relative import of an app source file names, or null (CSS, assets). */
function resolveSource(from: string, spec: string): string | null {
  const base = join(from, '..', spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(m?js|tsx?)$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// A static import or re-export: what it brings in (group 1) and from where (group 2). Not import().
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;

/** The names an import or re-export list brings in ('*' for all), without types. */
function namesOf(list: string): string[] {
  if (/^\*/.test(list.trim())) return ['*'];
  const names = /\{([^}]*)\}/.exec(list)?.[1].split(',') ?? [];
  const out = names.map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')).map((n) => n.split(/\s+as\s+/)[0]);
  // A default or namespace import beside (or instead of) the braces.
  if (/^[\w$]+\s*(,|$)|\*\s+as\s/.test(list.trim())) out.push('*');
  return out;
}

/**
 * mantineModulesOf lists the files of @mantine/core that the app source files
 * roots need (see staticModulesOf): the components imported from
 * '@mantine/core', each with the files it imports in turn.
 */
export function mantineModulesOf(roots: string[]): Set<string> {
  const mantineIndex = join(MANTINE_CORE, 'index.mjs');
  return new Set([...staticModulesOf(roots)].filter((f) => f.startsWith(MANTINE_CORE) && f !== mantineIndex));
}

const APP_SOURCES = join(root, 'src');

/** appModulesOf lists the app's own source files that the source files roots need (see staticModulesOf). */
export function appModulesOf(roots: string[]): Set<string> {
  return new Set([...staticModulesOf(roots)].filter((f) => f.startsWith(APP_SOURCES)));
}

/**
 * lazyModulesOf lists the app's source files that its sources load with
 * import() (its pages and everything else it loads when first needed), by
 * their path from web/.
 */
export function lazyModulesOf(): Set<string> {
  const lazy = new Set<string>();
  for (const file of readdirSync(APP_SOURCES, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.|[\\/]test[\\/]/.test(file)) continue;
    const full = join(APP_SOURCES, file);
    for (const [, spec] of readFileSync(full, 'utf8').matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) {
      const target = resolveSource(full, spec);
      if (target) lazy.add(relative(root, target));
    }
  }
  return lazy;
}

/**
 * staticModulesOf lists the files that the app source files roots need,
 * following static imports (not import()) name by name through re-exports as
 * the bundler's tree-shaking does, into the app's sources and Mantine's. Read
 * from the sources, as the bundler's module graph goes through Mantine's index
 * and the features' index files, which import everything they could be asked
 * for.
 */
function staticModulesOf(roots: string[]): Set<string> {
  const parsed = new Map<string, { own: [string, string[]][]; reexports: Map<string, string> }>();
  const parse = (file: string) => {
    let p = parsed.get(file);
    if (!p) {
      p = { own: [], reexports: new Map() };
      const src = readFileSync(file, 'utf8');
      for (const [statement, list, spec] of src.matchAll(STATIC_IMPORT)) {
        const target = spec.startsWith('.') ? resolveSource(file, spec) : (FOLLOWED_PACKAGES[spec] ?? null);
        if (!target) continue;
        const names = namesOf(list);
        if (statement.trim().startsWith('export')) for (const n of names) p.reexports.set(n, target);
        else p.own.push([target, names]);
      }
      // A package's index imports each of its parts and then exports it by name.
      if (Object.values(FOLLOWED_PACKAGES).includes(file)) {
        for (const [target, names] of p.own) for (const n of names) p.reexports.set(n, target);
        p.own = [];
      }
      parsed.set(file, p);
    }
    return p;
  };

  const bodies = new Set<string>();
  const asked = new Set<string>();
  const pending: [string, string][] = roots.map((r) => [join(root, r), '*']);
  while (pending.length > 0) {
    const [file, name] = pending.pop()!;
    const key = `${file}#${name}`;
    if (asked.has(key)) continue;
    asked.add(key);
    const p = parse(file);
    const via = name === '*' ? null : p.reexports.get(name);
    if (via) {
      pending.push([via, name]);
      continue;
    }
    if (name === '*') for (const [n, target] of p.reexports) if (n !== '*') pending.push([target, n]);
    if (bodies.has(file)) continue;
    bodies.add(file);
    for (const [target, names] of p.own) for (const n of names) pending.push([target, n]);
  }
  return bodies;
}
