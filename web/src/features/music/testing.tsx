// Test helpers of the music library: a choir with its library on a stubbed
// server, and the pages rendered in a router.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import type { Membership } from '../../app/choir';
import { json, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type {
  Composer,
  ComposerResolution,
  MusicPage,
  MusicPiece,
  MusicStorage,
  MusicSummary,
  MusicType,
  Tag,
  Voicing,
} from './api';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

export { apiError, deferred, json, noContent, type Handler } from '../../test/api';

export const CHOIR_ID = 'c1';

export const CHRISTMAS: Tag = { id: 't-xmas', name: 'Christmas', color: '#3b82f6', musicCount: 1 };
export const LENT: Tag = { id: 't-lent', name: 'Lent', color: '#7c3aed', musicCount: 0 };
export const SATB: Voicing = { id: 'v-satb', name: 'SATB', numDistinctParts: 4, builtIn: true };
export const SSA: Voicing = { id: 'v-ssa', name: 'SSA', numDistinctParts: 3, builtIn: true };
export const ANTHEM: MusicType = { id: 'ty-anthem', name: 'Anthem' };
export const SACRED: MusicType = { id: 'ca-sacred', name: 'Sacred' };

export const JS_BACH: Composer = {
  id: 'co-jsb',
  name: 'Johann Sebastian Bach',
  canonicalName: 'Bach',
  aliases: ['J.S. Bach'],
};
export const JC_BACH: Composer = {
  id: 'co-jcb',
  name: 'Johann Christian Bach',
  canonicalName: 'Bach',
  aliases: [],
};

export function summary(extra: Partial<MusicSummary> & Pick<MusicSummary, 'id' | 'title'>): MusicSummary {
  return {
    subtitle: '',
    composer: '',
    arranger: '',
    number: '',
    language: '',
    isArchived: false,
    updatedAt: '2026-01-01T00:00:00Z',
    tags: [],
    hasScore: false,
    hasAudio: false,
    attachmentCount: 0,
    ...extra,
  };
}

export const JESU = summary({
  id: 'm1',
  title: 'Jesu, meine Freude',
  composer: 'Johann Sebastian Bach',
  number: '12',
  primaryVoicing: 'SATB',
  tags: [CHRISTMAS],
  hasScore: true,
  hasAudio: true,
});
export const AVE = summary({ id: 'm2', title: 'Ave verum corpus', composer: 'Mozart', number: '7' });

export function pieceOf(extra: Partial<MusicPiece> & Pick<MusicPiece, 'id' | 'title'>): MusicPiece {
  return {
    choirId: CHOIR_ID,
    isArchived: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    voicings: [],
    tags: [],
    attachments: [],
    transpositionSemitones: 0,
    ...extra,
  };
}

export const resolution = (extra: Partial<ComposerResolution> = {}): ComposerResolution => ({
  recommendation: 'create_new',
  confidence: 0.5,
  matches: [],
  famousSuggestions: [],
  ...extra,
});

export interface MusicServer {
  role?: Membership['role'];
  items?: MusicSummary[];
  tags?: Tag[];
  /** The composer match's answer for a typed name. */
  match?: (name: string) => ComposerResolution;
  /** What the choir's files take (1.2 GB by default) and the upload limit. */
  storage?: MusicStorage;
  handlers?: Record<string, Handler>;
}

/**
 * serveMusic stubs the server of one choir (c1) whose member the signed-in
 * user is, with the given role and library. Handlers given replace or add
 * to these.
 */
export function serveMusic({
  role = 'choir_admin',
  items = [JESU, AVE],
  tags = [CHRISTMAS, LENT],
  match = () => resolution(),
  storage = { usedBytes: 1288490189, maxUploadBytes: 200 * 1024 * 1024 },
  handlers = {},
}: MusicServer = {}) {
  const state = { items, tags };
  const server = stubFetch({
    'GET /auth/session': () =>
      json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR_ID }, [membership(CHOIR_ID, 'Bach Choir', role)])),
    'GET /choirs/:choirId/music': () => {
      const page: MusicPage = { items: state.items, total: state.items.length, page: 1, pageSize: 50 };
      return json(page);
    },
    'GET /choirs/:choirId/tags': () => json(state.tags),
    'GET /choirs/:choirId/voicings': () => json([SATB, SSA]),
    'GET /choirs/:choirId/music-types': () => json([ANTHEM]),
    'GET /choirs/:choirId/music-categories': () => json([SACRED]),
    'GET /choirs/:choirId/music/numbers': () => json({ numbers: ['7', '12'], next: '13' }),
    'GET /choirs/:choirId/music/storage': () => json(storage),
    'GET /choirs/:choirId/composers/match': (request) => json(match(new URL(request.url).searchParams.get('name') ?? '')),
    'POST /choirs/:choirId/music': (_r, _p, body) => json(pieceOf({ id: 'm-new', title: (body as MusicPiece).title }), 201),
    ...handlers,
  });
  return { ...server, state };
}

/** The query of each library page the server was asked for, in order. */
export function listQueries(fetch: ReturnType<typeof stubFetch>['fetch']): URLSearchParams[] {
  return fetch.mock.calls
    .map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname === `/api/v1/choirs/${CHOIR_ID}/music`)
    .map((url) => url.searchParams);
}

/** renderPage renders one page at a path (with a query, say) with the app's providers. */
export function renderPage(path: string, element: ReactNode, initial = path) {
  resetToasts();
  return renderWithProviders(createMemoryRouter([{ path, element }], { initialEntries: [initial] }));
}

/** pick chooses an option of a Mantine select by its label. */
export async function pick(label: string | RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** pretendSmallScreen makes the media queries report a phone-sized screen; call what it returns to undo. */
export function pretendSmallScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === '(max-width: 767px)',
    media: query,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
