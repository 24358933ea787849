import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GUIDE_FOR_ROUTE, guideFor, guideForPath } from '../features/help';
import { routes } from './routes';

// The help center's guides against the route table: every page has a guide,
// and no guide points at a page or a guide that does not exist.

// Routes other parts of issues 28–30 add in the same session; their guides
// are written already, so the map covers them once their routes land.
const ROUTES_ADDED_ELSEWHERE = ['/dashboard/analytics/me', '/account/privacy'];

/** tablePaths lists every path of the route table, children joined to their parents. */
function tablePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : [];
    return [...here, ...tablePaths(route.children ?? [], own)];
  });
}

// Vitest runs in web/, as its config's own file reads assume.
const GUIDES_DIR = join('..', 'internal', 'help', 'guides');

interface GuideFile {
  id: string;
  path: string;
  text: string;
}

const guides: GuideFile[] = readdirSync(GUIDES_DIR)
  .filter((name) => name.endsWith('.md'))
  .map((name) => {
    const source = readFileSync(join(GUIDES_DIR, name), 'utf8');
    const path = /^path:\s*(\S+)\s*$/m.exec(source)?.[1] ?? '';
    return { id: name.replace(/\.md$/, ''), path, text: source };
  });
const guideIds = new Set(guides.map((g) => g.id));

const paths = [...new Set([...tablePaths(routes), ...ROUTES_ADDED_ELSEWHERE])];
const isPage = (path: string) => paths.some((pattern) => matchPath(pattern, path));

describe('the help center and the route table', () => {
  it('reads the whole route table', () => {
    // A guard against a walk that silently finds nothing.
    for (const path of ['/', '/login', '/help/:guideId', '/dashboard/music/:id', '/account/profile', '/dashboard/global-admin/subscriptions']) {
      expect(paths).toContain(path);
    }
    expect(guides.length).toBeGreaterThanOrEqual(16);
  });

  it.each(paths)('%s has a guide that exists', (path) => {
    const choice = GUIDE_FOR_ROUTE[path];
    expect(choice, `no guide for ${path} in features/help/guideRoutes.ts`).toBeDefined();
    for (const role of ['choir_admin', 'member'] as const) {
      expect(guideIds).toContain(guideFor(choice, role));
    }
  });

  it('names no route the table does not have', () => {
    expect(Object.keys(GUIDE_FOR_ROUTE).filter((p) => !paths.includes(p))).toEqual([]);
  });

  it.each(guides.map((g) => [g.id, g] as const))('guide %s is about a page of the app and links only to pages and guides', (_, guide) => {
    expect(isPage(guide.path), `its path ${guide.path}`).toBe(true);
    const links = [...guide.text.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1].replace(/[?#].*$/, ''));
    for (const link of links) {
      if (link.startsWith('/help/')) expect(guideIds, `link ${link}`).toContain(link.slice('/help/'.length));
      else expect(isPage(link), `link ${link}`).toBe(true);
    }
  });

  it('picks the guide of the page on screen, by role where it differs', () => {
    expect(guideForPath('/dashboard/music/0190a0b4-0000-7000-8000-000000000000', 'member')).toBe('practice-studio');
    expect(guideForPath('/dashboard/music', 'choir_admin')).toBe('music-library');
    expect(guideForPath('/dashboard/music', 'member')).toBe('practice-studio');
    expect(guideForPath('/dashboard/calendar/plan-music', 'choir_admin')).toBe('planning-music');
    expect(guideForPath('/dashboard/global-admin/subscriptions', 'global_admin')).toBe('plans-and-billing');
    expect(guideForPath('/dashboard', 'guest')).toBe('getting-started-singer');
    expect(guideForPath('/nowhere', 'member')).toBeNull();
  });
});
