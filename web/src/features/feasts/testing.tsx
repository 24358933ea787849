// Test helpers of the global admin's feast pages: the calendar type
// catalogue and master feasts on a stubbed server, and the pages in a router.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { json, stubFetch, type Handler } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import { affiliations } from '../choirs/testing';
import type { CalendarType, MasterFeast } from './api';
import { CALENDAR_IMPORT_PATH } from './MasterFeastsPage';

export { apiError, deferred, json, type Handler } from '../../test/api';

export const MASTER_FEASTS_PATH = '/dashboard/global-admin/master-feasts';
export { CALENDAR_IMPORT_PATH };

function calendar(extra: Partial<CalendarType> & Pick<CalendarType, 'key' | 'name' | 'category'>): CalendarType {
  return { description: `${extra.name}.`, isDefault: false, isPublished: false, hasFeasts: false, ...extra };
}

export const ROMAN_1962 = calendar({
  key: 'roman_1962_extraordinary',
  name: 'Roman Calendar (1962)',
  category: 'traditional_catholic',
  isDefault: true,
  isPublished: true,
  hasFeasts: true,
});
export const GENERAL_ROMAN = calendar({
  key: 'general_roman_ordinary',
  name: 'General Roman Calendar',
  category: 'novus_ordo_catholic',
  isDefault: true,
  isPublished: true,
  hasFeasts: true,
});
export const ANGLICAN = calendar({ key: 'anglican_common_worship', name: 'Common Worship', category: 'anglican' });
export const RUSSIAN = calendar({
  key: 'orthodox_russian',
  name: 'Russian Orthodox Calendar',
  category: 'orthodox',
  hasFeasts: true,
});
export const CALENDAR_TYPES = [ROMAN_1962, GENERAL_ROMAN, ANGLICAN, RUSSIAN];

function feast(
  id: string,
  calendarType: string,
  defaultName: string,
  feastKey: string,
  rank: string,
  type: string,
  extra: Partial<MasterFeast> = {},
): MasterFeast {
  return { id, calendarType, defaultName, feastKey, rank, type, active: true, edited: false, nextDate: null, ...extra };
}

export const CHRISTMAS = feast('mf-1', ROMAN_1962.key, 'Christmas', 'christmas', 'I class', 'feast', {
  nextDate: '2026-12-25',
});
export const EASTER = feast('mf-2', ROMAN_1962.key, 'Easter Sunday', 'easter_sunday', 'I class', 'sunday', {
  nextDate: '2027-03-28',
});
export const IMMACULATE = feast('mf-3', ROMAN_1962.key, 'Immaculate Conception', 'immaculate_conception', 'I class', 'feast', {
  active: false,
  edited: true,
  nextDate: '2026-12-08',
});
export const SEPTUAGESIMA = feast('mf-4', ROMAN_1962.key, 'Septuagesima Sunday', 'septuagesima', 'II class', 'sunday');
export const ADVENT = feast('mf-5', GENERAL_ROMAN.key, 'First Sunday of Advent', 'first_sunday_of_advent', 'Sunday', 'sunday', {
  nextDate: '2026-11-29',
});
export const MASTER_FEASTS = [CHRISTMAS, EASTER, IMMACULATE, SEPTUAGESIMA, ADVENT];

export interface FeastServer {
  types?: CalendarType[];
  feasts?: MasterFeast[];
  handlers?: Record<string, Handler>;
}

/**
 * serveFeasts stubs the server of the feast pages, answering from a state the
 * tests may read and change: the catalogue, the master feasts (listed by type
 * and searched by name or key, as the server does), corrections to them, and
 * publishing. The master feast lists asked for are kept in `lists`. Handlers
 * given replace or add to these.
 */
export function serveFeasts({ types = CALENDAR_TYPES, feasts = MASTER_FEASTS, handlers = {} }: FeastServer = {}) {
  const state = { types: [...types], feasts: [...feasts], lists: [] as { calendarType: string | null; q: string | null }[] };
  const server = stubFetch({
    'GET /reference/calendar-types': () => json(state.types),
    'GET /reference/affiliations': () => json(affiliations),
    'GET /master-feasts': (request) => {
      const params = new URL(request.url).searchParams;
      const calendarType = params.get('calendarType');
      const q = params.get('q');
      state.lists.push({ calendarType, q });
      const needle = q?.toLowerCase() ?? '';
      return json(
        state.feasts
          .filter((f) => f.calendarType === calendarType)
          .filter((f) => !needle || f.defaultName.toLowerCase().includes(needle) || f.feastKey.includes(needle))
          .sort((a, b) => a.defaultName.localeCompare(b.defaultName)),
      );
    },
    'PATCH /master-feasts/:id': (_r, { id }, body) => {
      const change = body as Partial<MasterFeast>;
      state.feasts = state.feasts.map((f) =>
        f.id === id ? { ...f, ...change, edited: f.edited || 'defaultName' in change || 'rank' in change } : f,
      );
      return json(state.feasts.find((f) => f.id === id));
    },
    'PUT /calendar-types/:key/published': (_r, { key }, body) => {
      const { published } = body as { published: boolean };
      state.types = state.types.map((t) => (t.key === key ? { ...t, isPublished: published } : t));
      return json(state.types.find((t) => t.key === key));
    },
    ...handlers,
  });
  return { ...server, state };
}

/** Shows where a link led. */
function Landed() {
  const location = useLocation();
  return (
    <div>
      <h1>Landed</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </div>
  );
}

/**
 * renderFeastPage renders a page at its route, opened at the given entry
 * (which may carry a query string); the other feast page is a stand-in.
 */
export function renderFeastPage(route: string, element: ReactNode, entry: string = route) {
  resetToasts();
  const other = route === MASTER_FEASTS_PATH ? CALENDAR_IMPORT_PATH : MASTER_FEASTS_PATH;
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: other, element: <Landed /> },
    ],
    { initialEntries: [entry] },
  );
  return renderWithProviders(router);
}

/** pickCalendarType types into the calendar type select and picks the option whose name matches. */
export async function pickCalendarType(search: string, option: RegExp) {
  const input = screen.getByRole('combobox', { name: 'Calendar type' });
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.paste(search);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
