import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import type { HelpGuideSummary } from './api';
import { GuidePage } from './GuidePage';
import { HelpCenterPage } from './HelpCenterPage';

const PRACTICE: HelpGuideSummary = {
  id: 'practice-studio',
  title: 'The practice studio',
  summary: 'Practise a piece at home.',
  audience: ['singer', 'director'],
  path: '/dashboard/music',
  permission: 'view:music',
};
const CALENDAR: HelpGuideSummary = {
  id: 'calendar',
  title: 'The calendar and recurring events',
  summary: 'Add rehearsals.',
  audience: ['director', 'singer'],
  path: '/dashboard/calendar',
};

function serve() {
  return stubFetch({
    // The server searches; this stub finds by title, enough to tell a search was asked for.
    'GET /help/guides': (request) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      return json({ guides: [CALENDAR, PRACTICE].filter((g) => g.title.toLowerCase().includes(q)) });
    },
    'GET /help/guides/:id': (_request, { id }) =>
      id === 'calendar'
        ? json({ ...CALENDAR, html: '<h2>Add an event</h2><p>See <a href="/help/practice-studio">practice</a> and <a href="/dashboard/calendar">the calendar</a>.</p>' })
        : apiError(404, 'NOT_FOUND', 'There is no such guide in the help center.'),
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/help', element: <HelpCenterPage /> },
      { path: '/help/:guideId', element: <GuidePage /> },
      { path: '/dashboard/help', element: <HelpCenterPage /> },
      { path: '/dashboard/help/:guideId', element: <GuidePage /> },
      { path: '/dashboard/calendar', element: <h1>Calendar page</h1> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(router), router };
}

describe('the help center', () => {
  it('lists the guides and searches them as the reader types', async () => {
    const server = serve();
    renderAt('/help');
    const list = await screen.findByRole('list', { name: 'Guides' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'The practice studio' })).toHaveAttribute('href', '/help/practice-studio');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search guides' }), 'practice');
    await screen.findByText('Practise a piece at home.');
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Guides' })).getAllByRole('listitem')).toHaveLength(1));
    expect(server.calls.some((c) => c.path === '/help/guides')).toBe(true);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Search guides' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search guides' }), 'zzz');
    expect(await screen.findByText('No guide matches “zzz”.')).toBeInTheDocument();
  });

  it('keeps a dashboard reader in the dashboard', async () => {
    serve();
    renderAt('/dashboard/help');
    expect(await screen.findByRole('link', { name: 'The calendar and recurring events' })).toHaveAttribute('href', '/dashboard/help/calendar');
  });

  it("shows a guide, and its links open the app's pages and other guides where the reader is", async () => {
    serve();
    const { router } = renderAt('/dashboard/help/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'The calendar and recurring events' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add an event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All guides' })).toHaveAttribute('href', '/dashboard/help');

    await userEvent.click(screen.getByRole('link', { name: 'practice' }));
    expect(router.state.location.pathname).toBe('/dashboard/help/practice-studio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide not found' })).toBeInTheDocument();

    await router.navigate('/dashboard/help/calendar');
    await userEvent.click(await screen.findByRole('link', { name: 'the calendar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar page' })).toBeInTheDocument();
  });
});
