import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { formatDay, formatWhen } from './format';
import { SERIES_MOVE_MESSAGE } from './rule';
import {
  apiError,
  CALENDAR_PATH,
  calendarEvent,
  deferred,
  EASTER,
  fixToday,
  json,
  noContent,
  openEntry,
  PENTECOST,
  pretendSmallScreen,
  REHEARSAL,
  renderCalendar,
  serveCalendar,
  spaced,
} from './testing';

let restoreScreen: () => void;

beforeEach(() => {
  fixToday();
  // The list view (a phone's default) is what jsdom draws best.
  restoreScreen = pretendSmallScreen();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  restoreScreen();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CalendarPage', () => {
  it('says it is loading events as a named status, and names a day of the month by all it shows', async () => {
    restoreScreen(); // a wide screen: the month grid
    restoreScreen = () => {};
    const events = deferred<Response>();
    serveCalendar({ handlers: { 'GET /choirs/:choirId/events': () => events.promise } });
    renderCalendar();
    // A status may carry a name; a bare loader's aria-label is prohibited (aria-prohibited-attr).
    expect(await screen.findByRole('status', { name: 'Loading events' })).toBeInTheDocument();
    events.resolve(json({ events: [REHEARSAL], feasts: [PENTECOST] }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading events' })).not.toBeInTheDocument());
    const days = document.querySelectorAll('td[role="gridcell"]');
    expect(days.length).toBeGreaterThanOrEqual(28);
    // Named by their content (the day, its feasts and events), not by the day number alone (WCAG 2.5.3).
    for (const day of days) expect(day).not.toHaveAttribute('aria-labelledby');
  });


  it('shows the events and feasts from today, drafts marked, in the agenda on a phone', async () => {
    const api = serveCalendar();
    renderCalendar();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(await screen.findByText('Tuesday Rehearsal')).toBeInTheDocument();
    expect(screen.getByText('Spring Concert')).toBeInTheDocument();
    expect(screen.getByText('Planning Meeting (Draft)')).toBeInTheDocument();
    expect(screen.getByText('Pentecost')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'From today' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();

    // One request: the pre-warm of three months either side of today serves the agenda too.
    await waitFor(() => expect(api.requests('GET', '/choirs/c1/events').length).toBeGreaterThan(0));
    expect(api.requests('GET', '/choirs/c1/events').map((r) => r.query)).toEqual([{ startDate: '2026-02-01', endDate: '2026-08-31' }]);
  });

  it("opens on an event's day with its details when linked to it (?event=&date=)", async () => {
    restoreScreen(); // a wide screen: the month grid opens on the event's month
    const evensong = calendarEvent({ id: 'ev-july', title: 'Summer Evensong', eventType: 'service', start: '2026-07-12T18:00:00+01:00', end: '2026-07-12T19:00:00+01:00' });
    serveCalendar({ role: 'member', list: { events: [REHEARSAL, evensong], feasts: [] } });
    renderCalendar(`${CALENDAR_PATH}?${new URLSearchParams({ event: 'ev-july', date: '2026-07-12' }).toString()}`);
    expect(await screen.findByRole('dialog', { name: 'Summer Evensong' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'July 2026' })).toBeInTheDocument();
  });

  it('opens an entry from the keyboard', async () => {
    serveCalendar({ role: 'member' });
    renderCalendar();
    const entry = await screen.findByRole('button', { name: /Spring Concert/ });
    entry.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Spring Concert' })).toBeInTheDocument();
  });

  it('opens the details of an event: when, where, the rule in words, the .ics download', async () => {
    serveCalendar({ role: 'member' });
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    expect(panel.getByText('Rehearsal')).toBeInTheDocument();
    expect(panel.getByText(spaced(formatWhen(REHEARSAL)))).toBeInTheDocument();
    expect(panel.getByText('St Mary')).toBeInTheDocument();
    expect(panel.getByText('Bring the Byrd.')).toBeInTheDocument();
    expect(panel.getByText('Every week on Tuesday')).toBeInTheDocument();
    expect(panel.getByText('Published')).toBeInTheDocument();
    const ics = panel.getByRole('link', { name: 'Download .ics' });
    expect(ics).toHaveAttribute('href', '/api/v1/choirs/c1/events/ev-1/ics');
    expect(ics).toHaveAttribute('download');
  });

  it("shows the music planned for an event in its panel, each piece to practise; a member cannot plan it", async () => {
    serveCalendar({
      role: 'member',
      handlers: {
        'GET /choirs/:choirId/events/:eventId/plan': (_r, { eventId }) =>
          eventId === REHEARSAL.id
            ? json({
                id: 'p1',
                date: '2026-05-12',
                eventId: REHEARSAL.id,
                eventTitle: 'Tuesday Rehearsal',
                eventType: 'rehearsal',
                feastKey: '',
                feastName: '',
                title: '',
                notes: 'Learn the Byrd Mass.',
                version: 1,
                updatedAt: '2026-05-01T10:00:00Z',
                slots: [
                  { label: 'Warm-up', musicId: null, music: null, note: '', durationMinutes: 10 },
                  {
                    label: 'Pieces',
                    musicId: 'm1',
                    music: { id: 'm1', title: 'Mass for Four Voices', composer: 'William Byrd', libraryNumber: '7', isArchived: false },
                    note: '',
                    durationMinutes: null,
                  },
                ],
              })
            : json({ code: 'NOT_FOUND', message: 'No music has been planned for this event.' }, 404),
      },
    });
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    const music = within(panel.getByRole('region', { name: 'Music' }));
    expect(await music.findByText('Learn the Byrd Mass.')).toBeInTheDocument();
    expect(music.getByRole('link', { name: 'Practise Mass for Four Voices' })).toHaveAttribute('href', '/dashboard/music/m1?practice=true');
    expect(music.queryByRole('link', { name: 'Plan music' })).not.toBeInTheDocument();
  });

  it('says no music is planned for an event, and offers an editor to plan it', async () => {
    serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Spring Concert'));
    const music = within(panel.getByRole('region', { name: 'Music' }));
    expect(await music.findByText('No music planned yet.')).toBeInTheDocument();
    expect(music.getByRole('link', { name: 'Plan music' }).getAttribute('href')).toMatch(
      /^\/dashboard\/calendar\/plan-music\/\d{4}-\d{2}-\d{2}\?event=ev-/,
    );
  });

  it('gives a member no New Event, Edit or Delete', async () => {
    serveCalendar({ role: 'member' });
    renderCalendar();
    const panel = within(await openEntry('Spring Concert'));
    expect(panel.getByRole('link', { name: 'Download .ics' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Event' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows a feast with its name, rank and date only', async () => {
    serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Pentecost'));
    expect(panel.getByText('Solemnity')).toBeInTheDocument();
    expect(panel.getByText(formatDay(PENTECOST.date))).toBeInTheDocument();
    expect(panel.queryByRole('link', { name: 'Download .ics' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('marks a draft in its details', async () => {
    serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Planning Meeting (Draft)'));
    expect(panel.getByText('Draft')).toBeInTheDocument();
    expect(panel.getByText('Draft: only administrators see it')).toBeInTheDocument();
  });

  it('says so in the calendar context message when the events cannot load', async () => {
    serveCalendar({ handlers: { 'GET /choirs/:choirId/events': () => apiError(500, 'INTERNAL', 'boom') } });
    renderCalendar();
    expect(await screen.findByText(ERROR_CONTEXT_MESSAGES.calendar.load)).toBeInTheDocument();
  });
});

async function openNewEvent() {
  await userEvent.click(await screen.findByRole('button', { name: 'New Event' }));
  return within(await screen.findByRole('dialog', { name: 'New Event' }));
}

describe('CalendarPage for an administrator', () => {
  it('creates a weekly event on Tuesdays and Thursdays, showing the preview before saving', async () => {
    const api = serveCalendar();
    renderCalendar();
    await screen.findByText('Tuesday Rehearsal');
    const dialog = await openNewEvent();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Evening Rehearsal');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Location' }), 'Crypt');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Repeat' }), 'weekly_on_days');
    // Today is a Sunday: the builder starts with that day ticked.
    expect(dialog.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Tuesday' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Thursday' }));
    const interval = dialog.getByRole('textbox', { name: 'Every how many weeks' });
    await userEvent.clear(interval);
    await userEvent.type(interval, '2');

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Every 2 weeks on Tuesday and Thursday')).toBeInTheDocument();
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() =>
      expect(api.requests('POST', '/choirs/c1/events/preview').at(-1)?.body).toMatchObject({
        recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 2, weeklyDays: ['tuesday', 'thursday'] },
      }),
    );

    await userEvent.click(dialog.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(api.requests('POST', '/choirs/c1/events').map((r) => r.body)).toEqual([
      {
        title: 'Evening Rehearsal',
        eventType: 'rehearsal',
        start: new Date(2026, 4, 10, 19, 0).toISOString(),
        end: new Date(2026, 4, 10, 20, 0).toISOString(),
        allDay: false,
        location: 'Crypt',
        notes: '',
        status: 'published',
        timeZone: 'Europe/London',
        recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 2, weeklyDays: ['tuesday', 'thursday'] },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Event' })).not.toBeInTheDocument());
    // The calendar reloads what changed.
    await waitFor(() => expect(api.requests('GET', '/choirs/c1/events').length).toBeGreaterThan(1));
  });

  it('asks for at least one day before sending a weekly rule', async () => {
    const api = serveCalendar();
    renderCalendar();
    const dialog = await openNewEvent();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Rehearsal');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Repeat' }), 'weekly_on_days');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Event' }));
    expect(await dialog.findByText('Select at least one day')).toBeInTheDocument();
    expect(api.requests('POST', '/choirs/c1/events')).toHaveLength(0);
  });

  it("shows the server's messages under their fields, with the create failure toast", async () => {
    serveCalendar({
      handlers: {
        'POST /choirs/:choirId/events': () =>
          apiError(400, 'VALIDATION_ERROR', 'Validation failed', {
            title: 'Title is too long',
            end: 'Invalid time order: End time (2026-05-10T18:00:00.000Z) must be after start time (2026-05-10T19:00:00.000Z)',
            'recurrenceRule.weeklyInterval': 'Interval can be at most 52 weeks',
            timeZone: 'Please choose a valid time zone',
          }),
      },
    });
    renderCalendar();
    const dialog = await openNewEvent();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Rehearsal');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Repeat' }), 'weekly_on_days');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText(ERROR_CONTEXT_MESSAGES.calendar.create)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is too long');
    expect(dialog.getByLabelText(/^End date/)).toHaveAccessibleDescription(/^Invalid time order: End time/);
    expect(dialog.getByRole('textbox', { name: 'Every how many weeks' })).toHaveAccessibleDescription(
      'Interval can be at most 52 weeks',
    );
    // A message for no field of the form still shows.
    expect(dialog.getByText('Please choose a valid time zone')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Event' })).toBeInTheDocument();
  });

  it('keeps the event’s length when its start moves, and says plainly when the end comes first', async () => {
    serveCalendar();
    renderCalendar();
    const dialog = await openNewEvent();
    const field = (label: RegExp) => dialog.getByLabelText(label);
    const set = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
    set(/^Start date/, '2026-05-12');
    set(/^Start time/, '19:00');
    set(/^End date/, '2026-05-12');
    set(/^End time/, '21:00');
    set(/^Start time/, '19:30');
    expect(field(/^End time/)).toHaveValue('21:30');
    set(/^Start date/, '2026-05-14');
    expect(field(/^End date/)).toHaveValue('2026-05-14');
    expect(field(/^End time/)).toHaveValue('21:30');

    set(/^End time/, '18:00');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Rehearsal');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Event' }));
    expect(await dialog.findByText('The event ends before it starts: choose an end after the start.')).toBeInTheDocument();
  });

  it("suggests the start date's weekday, not today's, when a weekly repeat is chosen", async () => {
    serveCalendar();
    renderCalendar();
    const dialog = await openNewEvent();
    // Today is a Sunday; 5 January 2027 is a Tuesday.
    fireEvent.change(dialog.getByLabelText(/^Start date/), { target: { value: '2027-01-05' } });
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Repeat' }), 'weekly_on_days');
    expect(dialog.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  });

  it('shows the rule messages of the preview under their fields before saving', async () => {
    serveCalendar({
      handlers: {
        'POST /choirs/:choirId/events/preview': () =>
          apiError(400, 'VALIDATION_ERROR', 'Validation failed', { 'recurrenceRule.day': 'February has only 29 days' }),
      },
    });
    renderCalendar();
    const dialog = await openNewEvent();
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Repeat' }), 'fixed_date');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Month' }), 'february');
    const day = dialog.getByRole('textbox', { name: 'Day of the month' });
    await userEvent.clear(day);
    await userEvent.type(day, '30');
    await waitFor(() => expect(day).toHaveAccessibleDescription('February has only 29 days'));
  });

  it('builds a rule relative to a feast, picking the feast by name', async () => {
    const api = serveCalendar({
      preview: { description: '2 weeks before Easter Sunday', occurrences: [] },
    });
    renderCalendar();
    const dialog = await openNewEvent();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Passiontide Concert');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Event type' }), 'concert');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Repeat' }), 'relative_to_feast');
    const offset = dialog.getByRole('textbox', { name: 'How many' });
    await userEvent.clear(offset);
    await userEvent.type(offset, '2');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Feast' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Easter Sunday/ }));
    expect(await screen.findByText('2 weeks before Easter Sunday')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(api.requests('POST', '/choirs/c1/events')).toHaveLength(1));
    expect(api.requests('POST', '/choirs/c1/events')[0].body).toMatchObject({
      eventType: 'concert',
      recurrenceRule: { type: 'relative_to_feast', offset: 2, unit: 'weeks', direction: 'before', feastId: EASTER.id },
    });
  });

  it('edits an occurrence after asking which events the change applies to', async () => {
    const api = serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    await userEvent.click(panel.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    expect(dialog.getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly_on_days');
    expect(dialog.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Sectional');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    const question = within(await screen.findByRole('dialog', { name: 'Edit recurring event' }));
    expect(question.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['This event', 'This and following events', 'All events', 'Cancel']),
    );
    await userEvent.click(question.getByRole('button', { name: 'This and following events' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    const [put] = api.requests('PUT', '/choirs/c1/events/ev-1-occurrence-2026-05-12');
    expect(put.body).toMatchObject({
      title: 'Sectional',
      location: 'St Mary',
      timeZone: 'Europe/London',
      scope: 'following',
      instanceStartTime: REHEARSAL.instanceStartTime,
      start: new Date(REHEARSAL.start).toISOString(),
      end: new Date(REHEARSAL.end).toISOString(),
      recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['tuesday'] },
    });
  });

  it('moves the weekly pattern with an occurrence whose date is changed for the following events', async () => {
    const api = serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    await userEvent.click(panel.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    for (const label of [/^Start date/, /^End date/]) fireEvent.change(dialog.getByLabelText(label), { target: { value: '2026-05-14' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    const question = within(await screen.findByRole('dialog', { name: 'Edit recurring event' }));
    await userEvent.click(question.getByRole('button', { name: 'This and following events' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    const [put] = api.requests('PUT', '/choirs/c1/events/ev-1-occurrence-2026-05-12');
    expect(put.body).toMatchObject({
      scope: 'following',
      recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['thursday'] },
    });
  });

  it('keeps a rule changed by hand, and refuses a move the rule cannot follow', async () => {
    const sundayBefore = {
      ...REHEARSAL,
      title: 'Sunday before Easter',
      recurrenceRule: { type: 'weekday_relative_to_feast' as const, weekday: 'sunday', direction: 'before' as const, feastId: EASTER.id },
    };
    const api = serveCalendar({ list: { events: [sundayBefore], feasts: [] } });
    renderCalendar();
    const panel = within(await openEntry('Sunday before Easter'));
    await userEvent.click(panel.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    for (const label of [/^Start date/, /^End date/]) fireEvent.change(dialog.getByLabelText(label), { target: { value: '2026-05-13' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit recurring event' })).getByRole('button', { name: 'All events' }));
    expect(await dialog.findByText(SERIES_MOVE_MESSAGE)).toBeInTheDocument();
    expect(api.requests('PUT', '/choirs/c1/events/ev-1-occurrence-2026-05-12')).toHaveLength(0);

    // Saying the new rule by hand: it is sent as written.
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Weekday' }), 'wednesday');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit recurring event' })).getByRole('button', { name: 'All events' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    const [put] = api.requests('PUT', '/choirs/c1/events/ev-1-occurrence-2026-05-12');
    expect(put.body).toMatchObject({ scope: 'all', recurrenceRule: { type: 'weekday_relative_to_feast', weekday: 'wednesday' } });
  });

  it('sends nothing when the scope question is cancelled', async () => {
    const api = serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    await userEvent.click(panel.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    const question = within(await screen.findByRole('dialog', { name: 'Edit recurring event' }));
    await userEvent.click(question.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit recurring event' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
    expect(api.requests('PUT', '/choirs/c1/events/ev-1-occurrence-2026-05-12')).toHaveLength(0);
  });

  it('edits a single event without the scope question', async () => {
    const api = serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Spring Concert'));
    await userEvent.click(panel.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    await userEvent.click(dialog.getByRole('radio', { name: /Keep as draft/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    const [put] = api.requests('PUT', '/choirs/c1/events/ev-2');
    expect(put.body).toMatchObject({ title: 'Spring Concert', eventType: 'concert', status: 'draft' });
    expect(put.body).not.toHaveProperty('scope');
    expect(put.body).not.toHaveProperty('recurrenceRule');
    expect(screen.queryByRole('dialog', { name: 'Edit recurring event' })).not.toBeInTheDocument();
  });

  it('shows the save failure message when a change is refused', async () => {
    serveCalendar({ handlers: { 'PUT /choirs/:choirId/events/:eventId': () => apiError(500, 'INTERNAL', 'boom') } });
    renderCalendar();
    const panel = within(await openEntry('Spring Concert'));
    await userEvent.click(panel.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ERROR_CONTEXT_MESSAGES.calendar.save)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
  });

  it('deletes occurrences with the chosen scope and the occurrence start', async () => {
    const api = serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    await userEvent.click(panel.getByRole('button', { name: 'Delete' }));
    const question = within(await screen.findByRole('dialog', { name: 'Delete recurring event' }));
    expect(question.getByRole('button', { name: 'This event' })).toBeInTheDocument();
    expect(question.getByRole('button', { name: 'This and following events' })).toBeInTheDocument();
    await userEvent.click(question.getByRole('button', { name: 'All events' }));
    expect(await screen.findByText('Event deleted')).toBeInTheDocument();
    expect(api.requests('DELETE', '/choirs/c1/events/ev-1-occurrence-2026-05-12').map((r) => r.query)).toEqual([
      { scope: 'all', instanceStartTime: REHEARSAL.instanceStartTime },
    ]);
  });

  it('asks a plain confirmation before deleting a single event', async () => {
    const api = serveCalendar({ handlers: { 'DELETE /choirs/:choirId/events/:eventId': () => noContent() } });
    renderCalendar();
    const panel = within(await openEntry('Spring Concert'));
    await userEvent.click(panel.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete event?' }));
    expect(confirm.getByText(/"Spring Concert" will be removed/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Event deleted')).toBeInTheDocument();
    expect(api.requests('DELETE', '/choirs/c1/events/ev-2').map((r) => r.query)).toEqual([{}]);
  });
});

describe('CalendarPage subscription', () => {
  it('shows the private address, its copy button and the three calendar apps', async () => {
    serveCalendar({ role: 'member' });
    renderCalendar();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to the calendar' }));
    const address = await dialog.findByRole('textbox', { name: 'Your calendar address' });
    expect(address).toHaveValue('https://cantica.example/api/v1/feeds/secret-token.ics');
    expect(dialog.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(dialog.getByText('This address is private')).toBeInTheDocument();
    const webcal = 'webcal://cantica.example/api/v1/feeds/secret-token.ics';
    expect(dialog.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    );
    expect(dialog.getByRole('link', { name: 'Apple Calendar' })).toHaveAttribute('href', webcal);
    expect(dialog.getByRole('link', { name: 'Outlook' })).toHaveAttribute(
      'href',
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent('https://cantica.example/api/v1/feeds/secret-token.ics')}&name=Cantica`,
    );

    await userEvent.click(dialog.getByRole('radio', { name: 'Only Bach Choir' }));
    expect(address).toHaveValue('https://cantica.example/api/v1/feeds/secret-token.ics?choir=c1');
    expect(dialog.getByRole('link', { name: 'Apple Calendar' })).toHaveAttribute('href', `${webcal}?choir=c1`);
  });

  it('creates the address when there is none', async () => {
    const api = serveCalendar({ feed: { enabled: false } });
    renderCalendar();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to the calendar' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Create my calendar address' }));
    expect(await dialog.findByRole('textbox', { name: 'Your calendar address' })).toHaveValue(
      'https://cantica.example/api/v1/feeds/secret-token.ics',
    );
    expect(api.requests('POST', '/calendar-feed')).toHaveLength(1);
  });

  it('renews the address only after a confirmation, and turns it off', async () => {
    const api = serveCalendar();
    renderCalendar();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to the calendar' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Renew address' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Renew your calendar address?' }));
    expect(api.requests('POST', '/calendar-feed')).toHaveLength(0);
    await userEvent.click(confirm.getByRole('button', { name: 'Renew address' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'Your calendar address' })).toHaveValue(
        'https://cantica.example/api/v1/feeds/fresh-token.ics',
      ),
    );
    expect(api.requests('POST', '/calendar-feed')).toHaveLength(1);

    await userEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    const off = within(await screen.findByRole('dialog', { name: 'Turn off your calendar address?' }));
    await userEvent.click(off.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByRole('button', { name: 'Create my calendar address' })).toBeInTheDocument();
    expect(api.requests('DELETE', '/calendar-feed')).toHaveLength(1);
  });
});

// FullCalendar's month grid on a wide screen: the ranges it asks for as it moves.
describe('CalendarPage loading', () => {
  beforeEach(() => {
    restoreScreen();
    restoreScreen = () => {};
  });

  it('asks for the buffered range of a month outside the pre-warm, then preloads its neighbours', async () => {
    const api = serveCalendar({ role: 'member' });
    renderCalendar();
    await screen.findByText('Tuesday Rehearsal');
    const ranges = () => api.requests('GET', '/choirs/c1/events').map((r) => `${r.query.startDate}..${r.query.endDate}`);
    expect(ranges()).toEqual(['2026-02-01..2026-08-31']);

    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'August 2026' })).toBeInTheDocument();
    // August's grid: the buffer either side of it.
    await waitFor(() => expect(ranges()).toContain('2026-06-01..2026-10-31'));
    // Then September (the next month) and July (the previous one), unless already held.
    await waitFor(() => expect(ranges()).toContain('2026-07-01..2026-11-30'), { timeout: 3000 });
    await waitFor(() => expect(ranges()).toContain('2026-05-01..2026-09-30'), { timeout: 3000 });
    // May's own range lay inside the pre-warm: never asked for.
    expect(ranges()).not.toContain('2026-03-01..2026-07-31');
  });

  it('asks again for the visible dates alone when the occurrence cap cut a series inside them', async () => {
    const late = calendarEvent({ id: 'late', title: 'Late Rehearsal', start: '2026-05-26T19:00:00+01:00', end: '2026-05-26T21:00:00+01:00' });
    const api = serveCalendar({
      role: 'member',
      handlers: {
        'GET /choirs/:choirId/events': (request) =>
          json(
            new URL(request.url).searchParams.get('startDate') === '2026-04-27'
              ? { events: [REHEARSAL, late], feasts: [] }
              : { events: [REHEARSAL], feasts: [], truncatedFrom: '2026-05-20' },
          ),
      },
    });
    renderCalendar();
    expect(await screen.findByText('Late Rehearsal', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.requests('GET', '/choirs/c1/events').map((r) => `${r.query.startDate}..${r.query.endDate}`)).toContain('2026-04-27..2026-06-07');
  });

  it.each([
    // the pre-warm's answer cut from, whether May's own range is then asked for
    ['2026-08-01', false],
    ['2026-07-31', true],
  ])(
    'uses a pre-warmed answer cut by the occurrence cap from %s only for ranges that end before the cut',
    async (truncatedFrom, mayAsked) => {
      const list = { events: [REHEARSAL], feasts: [] };
      const api = serveCalendar({
        role: 'member',
        handlers: {
          'GET /choirs/:choirId/events': (request) =>
            json(new URL(request.url).searchParams.get('startDate') === '2026-02-01' ? { ...list, truncatedFrom } : list),
        },
      });
      renderCalendar();
      await screen.findByText('Tuesday Rehearsal');
      const ranges = () => api.requests('GET', '/choirs/c1/events').map((r) => `${r.query.startDate}..${r.query.endDate}`);
      const may = '2026-03-01..2026-07-31';
      await waitFor(() => expect(ranges()).toContain('2026-02-01..2026-08-31'));
      if (mayAsked) await waitFor(() => expect(ranges()).toContain(may));

      await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'June 2026' })).toBeInTheDocument();
      // June's grid (to 12 July) lies inside the pre-warm, but its buffered range reaches past the
      // cut: a range holding it is asked for (as the next month's preload, or for June itself).
      const holdsJune = (r: string) => r.slice(0, 10) <= '2026-06-01' && r.slice(12) >= '2026-08-31';
      await waitFor(() => expect(ranges().filter((r) => r !== '2026-02-01..2026-08-31' && holdsJune(r))).not.toHaveLength(0));
      expect(ranges().filter((r) => r === may)).toHaveLength(mayAsked ? 1 : 0);
    },
  );
});
