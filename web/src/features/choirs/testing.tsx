// Test helpers of the choir and onboarding pages: a stubbed server, reference
// data, and a router with stand-ins for the pages these flows lead to.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import type { SessionUser } from '../../api/client';
import type { Membership } from '../../app/choir';
import { json, noContent, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { Affiliation, CalendarType, ChoirDetails, Country } from './api';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

export { apiError, deferred, json, type Handler } from '../../test/api';

export const countries: Country[] = [
  { value: 'FR', label: 'France' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
];

export const affiliations: Affiliation[] = [
  {
    id: 'aff-roman',
    name: 'Roman Catholic (Traditional)',
    category: 'faith_based',
    sortOrder: 1,
    calendarType: 'roman_1962_extraordinary',
    calendarPublished: true,
    calendarHasFeasts: true,
  },
  {
    id: 'aff-anglican',
    name: 'Anglican',
    category: 'faith_based',
    sortOrder: 2,
    calendarType: 'anglican_common_worship',
    calendarPublished: false,
    calendarHasFeasts: false,
  },
  {
    id: 'aff-community',
    name: 'Community Choir',
    category: 'secular',
    sortOrder: 3,
    calendarType: 'secular_general',
    calendarPublished: true,
    calendarHasFeasts: true,
  },
  {
    id: 'aff-school',
    name: 'School Choir',
    category: 'secular',
    sortOrder: 4,
    calendarType: 'secular_general',
    calendarPublished: true,
    calendarHasFeasts: true,
  },
  {
    id: 'aff-other',
    name: 'Other Focus',
    category: 'other',
    sortOrder: 5,
    calendarType: 'secular_general',
    calendarPublished: true,
    calendarHasFeasts: true,
  },
];

export const calendarTypes: CalendarType[] = [
  {
    key: 'roman_1962_extraordinary',
    name: 'Roman Calendar (1962)',
    description: 'The traditional Roman calendar.',
    category: 'traditional_catholic',
    isDefault: true,
    isPublished: true,
    hasFeasts: true,
  },
  {
    key: 'secular_general',
    name: 'General Secular Calendar',
    description: 'Civil holidays and seasons.',
    category: 'secular',
    isDefault: true,
    isPublished: true,
    hasFeasts: true,
  },
];

export function choirDetails(overrides: Partial<ChoirDetails> = {}): ChoirDetails {
  return {
    id: 'c1',
    name: 'St Cecilia Singers',
    city: 'York',
    postcode: 'YO1 7HH',
    country: 'United Kingdom',
    countryCode: 'GB',
    timeZone: 'Europe/London',
    religiousAffiliationId: 'aff-roman',
    calendarType: 'roman_1962_extraordinary',
    plan: 'medium',
    role: 'choir_admin',
    memberCount: 1,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** adminOf is an active choir_admin membership of the signed-in user. */
function adminOf(id: string, name: string): Membership {
  return membership(id, name, 'choir_admin', { city: 'York' });
}

/**
 * stubApi replaces the global fetch with a small server of 'METHOD /path'
 * handlers (paths under /api/v1, without that prefix). The session, the
 * reference lists and sign-out answer by default. Calls are recorded with
 * their JSON bodies.
 */
export function stubApi(
  handlers: Record<string, Handler> = {},
  options: { user?: SessionUser | null; choirs?: Membership[] } = {},
) {
  const user = options.user === undefined ? ada : options.user;
  const choirs = options.choirs ?? (user ? [adminOf('c1', 'St Cecilia Singers'), adminOf('c5', 'Cantores')] : []);
  return stubFetch({
    'GET /auth/session': () => json(sessionOf(user, choirs)),
    'GET /reference/countries': () => json(countries),
    'GET /reference/affiliations': () => json(affiliations),
    'GET /reference/calendar-types': () => json(calendarTypes),
    'POST /auth/logout': () => noContent(),
    ...handlers,
  });
}

/** Shows where the router went, for the pages these flows lead to. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.hash}`}</p>
    </div>
  );
}

export const destinations: RouteObject[] = [
  { path: '/', element: <Landed name="Home page" /> },
  { path: '/login', element: <Landed name="Login page" /> },
  { path: '/dashboard', element: <Landed name="Dashboard page" /> },
  { path: '/select-choir', element: <Landed name="Select choir page" /> },
];

/** renderAt renders one page at a path, with the app's providers and the stand-in destinations. */
export function renderAt(path: string, element: ReactNode, initialEntries: InitialEntry[] = [path]) {
  resetToasts();
  const router = createMemoryRouter([{ path, element }, ...destinations.filter((d) => d.path !== path)], {
    initialEntries,
  });
  return renderWithProviders(router);
}

/** pickOption opens a Mantine Select by its label, types to filter and picks an option. */
export async function pickOption(label: RegExp | string, search: string, option: string) {
  const input = await screen.findByRole('combobox', { name: label });
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.paste(search);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** fillIn replaces a text field's value in one go (typing key by key is slow). */
export async function fillIn(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}
