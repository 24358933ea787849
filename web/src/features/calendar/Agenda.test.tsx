import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeastEntry } from './api';
import { fetchRange } from './range';
import { CONCERT, DRAFT, fixToday, openEntry, PENTECOST, pretendSmallScreen, REHEARSAL, renderCalendar, serveCalendar } from './testing';

// Today is Sunday 10 May 2026 on a phone: the rehearsal is on Tuesday the 12th, the concert on
// Wednesday the 20th, Pentecost on the 24th and an optional memorial on the 25th.
const BEDE: FeastEntry = {
  id: 'fi-2',
  masterFeastId: 'mf-bede',
  date: '2026-05-25',
  name: 'St Bede the Venerable',
  feastKey: 'bede',
  rank: 'optional_memorial',
  type: 'saint',
};
const LIST = { events: [REHEARSAL, CONCERT, DRAFT], feasts: [PENTECOST, BEDE] };

let restoreScreen: () => void;
beforeEach(() => {
  fixToday();
  restoreScreen = pretendSmallScreen();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  restoreScreen();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the agenda on a phone', () => {
  it('shows my answer on each event and takes a new one in place, with one request for all the answers', async () => {
    const api = serveCalendar({ role: 'member', list: LIST });
    api.state.answers['ev-2'] = 'maybe';
    renderCalendar();

    const concert = within(await screen.findByRole('group', { name: 'Your answer for Spring Concert' }));
    expect(concert.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Your answer: Maybe')).toBeInTheDocument();

    const rehearsal = within(screen.getByRole('group', { name: 'Your answer for Tuesday Rehearsal' }));
    for (const name of ["I'll be there", 'Maybe', "Can't make it"]) {
      expect(rehearsal.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await userEvent.click(rehearsal.getByRole('button', { name: "I'll be there" }));
    await waitFor(() => expect(rehearsal.getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText("Your answer: I'll be there")).toBeInTheDocument();
    expect(api.requests('PUT', '/choirs/c1/events/ev-1-occurrence-2026-05-12/rsvp').map((r) => r.body)).toEqual([{ status: 'going' }]);

    // The answers came in one request for the agenda's range, none per event.
    expect(api.requests('GET', '/choirs/c1/rsvps').map((r) => r.query)).toEqual([{ startDate: '2026-02-01', endDate: '2026-08-31' }]);
    expect(api.seen.filter((r) => r.method === 'GET' && r.path.endsWith('/rsvp'))).toEqual([]);
  });

  it('names today and tomorrow, and lists the days by date from today', async () => {
    serveCalendar({ role: 'member', list: LIST });
    renderCalendar();
    await screen.findByText('Tuesday Rehearsal');
    const days = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days).toHaveLength(4);
    expect(days[0]).toMatch(/12/);
    expect(days[1]).toMatch(/20/);
    expect(days[2]).toMatch(/24/);
  });

  it('shows the event panel’s answer as the RSVP pages do, and none as given when none is recorded', async () => {
    const api = serveCalendar({ role: 'member', list: LIST });
    api.state.answers['ev-2'] = 'maybe';
    renderCalendar();
    const concert = within(await openEntry('Spring Concert'));
    expect(await concert.findByText('Your answer: Maybe')).toBeInTheDocument();
    await userEvent.click(concert.getByRole('button', { name: 'Close details' }));

    const rehearsal = within(await openEntry('Tuesday Rehearsal'));
    expect(await rehearsal.findByText('You have not answered yet.')).toBeInTheDocument();
    expect(rehearsal.queryByText(/Your answer:/)).not.toBeInTheDocument();
    for (const button of within(rehearsal.getByRole('group', { name: 'Your answer' })).getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }
  });
});

describe('the liturgical days', () => {
  it('hides the minor days until "Show all liturgical days" is turned on, and saves the choice', async () => {
    const api = serveCalendar({ role: 'member', list: LIST });
    renderCalendar();
    expect(await screen.findByText('Pentecost')).toBeInTheDocument();
    expect(screen.queryByText('St Bede the Venerable')).not.toBeInTheDocument();

    const all = screen.getByRole('switch', { name: 'Show all liturgical days' });
    await waitFor(() => expect(all).toBeEnabled());
    expect(all).not.toBeChecked();
    await userEvent.click(all);
    expect(await screen.findByText('St Bede the Venerable')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests('PUT', '/account/calendar-preferences').map((r) => r.body)).toEqual([{ showAllLiturgicalDays: true }]),
    );
    expect(api.state.showAllLiturgicalDays).toBe(true);
  });

  it('opens with all of them when the person chose so before', async () => {
    const api = serveCalendar({ role: 'member', list: LIST });
    api.state.showAllLiturgicalDays = true;
    renderCalendar();
    expect(await screen.findByText('St Bede the Venerable')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show all liturgical days' })).toBeChecked();
  });
});

describe('the month on a phone', () => {
  const JUNE_RANGE = fetchRange(new Date(2026, 5, 1), new Date(2026, 6, 6));

  it('shows dots per day, no text to clip, and the chosen day’s list below', async () => {
    const api = serveCalendar({ role: 'member', list: LIST });
    renderCalendar();
    await screen.findByText('Tuesday Rehearsal');
    await userEvent.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'May 2026' })).toBeInTheDocument();

    // Each day is its number and its dots: named by what it holds, showing no titles.
    const twelfth = await screen.findByRole('button', { name: /12.*1 event/ });
    expect(twelfth).toHaveTextContent(/^12$/);
    expect(screen.getByRole('button', { name: /24.*1 feast/ })).toHaveTextContent(/^24$/);
    // Today is chosen at first, and holds nothing.
    expect(screen.getByRole('button', { name: /10/, pressed: true })).toHaveAttribute('aria-current', 'date');
    expect(screen.getByText('Nothing on this day')).toBeInTheDocument();
    expect(screen.queryByText('Tuesday Rehearsal')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /20.*1 event/ }));
    expect(screen.getByRole('button', { name: /20.*1 event/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Spring Concert')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your answer for Spring Concert' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'June 2026' })).toBeInTheDocument();
    // The answers asked for are those of the grid's whole weeks (June: 1 June to 5 July), as the events are.
    await waitFor(() => expect(api.requests('GET', '/choirs/c1/rsvps').map((r) => r.query)).toContainEqual(JUNE_RANGE));
  });
});
