import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { EventAttendance } from './attendanceApi';
import { daysText, lastUsedText, RemindSection } from './RemindNonResponders';
import type { EventReminders } from './remindersApi';

vi.setConfig({ testTimeout: 30000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const EVENT_ID = 'ev-9';
const PATH = `/choirs/c1/events/${EVENT_ID}/remind-non-responders`;
const totals = (noAnswer: number, maybe: number) => ({ part: 'Total', going: 3, maybe, notGoing: 0, noAnswer, present: 0, belowMinimum: false });

function attendance(noAnswer = 2, maybe = 1): EventAttendance {
  return {
    event: {
      id: EVENT_ID, title: 'Advent Concert', eventType: 'concert', startDate: '2099-12-01', startTime: '18:00', endDate: '2099-12-01',
      endTime: '20:00', allDay: false, timeZone: 'Europe/London', timeZonePlace: 'London time', location: '', notes: '',
      start: '2099-12-01T18:00:00Z', end: '2099-12-01T20:00:00Z',
    },
    members: [],
    parts: [],
    totals: totals(noAnswer, maybe),
    minConfirmedPerPart: null,
    markable: false,
  };
}

const NEVER: EventReminders = { days: null, typeDays: [7, 2], lastManual: null };
const USED: EventReminders = {
  days: [3],
  typeDays: [7, 2],
  lastManual: { requestedAt: '2099-11-20T21:00:00Z', sendsAt: '2099-11-21T08:00:00Z', byName: 'Clara Schumann' },
};

function render(data: EventAttendance, reminders: { current: EventReminders }, remind = () => json({ ...USED.lastManual, recipients: 3 })) {
  const api = stubFetch({
    'GET /choirs/:choirId/events/:eventId/reminders': () => json(reminders.current),
    'POST /choirs/:choirId/events/:eventId/remind-non-responders': () => {
      const res = remind();
      if (res.ok) reminders.current = USED;
      return res;
    },
  });
  resetToasts();
  renderWithProviders(
    createMemoryRouter([{ path: '/', element: <RemindSection choirId="c1" eventId={EVENT_ID} attendance={data} /> }]),
  );
  return api;
}

describe('RemindSection', () => {
  it('words reminder days and when the button was used', () => {
    expect(daysText([7, 2])).toBe('7 and 2 days before');
    expect(daysText([1])).toBe('1 day before');
    expect(daysText([])).toBe('none');
    expect(lastUsedText(NEVER)).toBeNull();
    expect(lastUsedText(USED)).toMatch(/^Last used .* by Clara Schumann\. Held for the night: the reminders go at .*\.$/);
    const atOnce = { ...USED.lastManual!, sendsAt: USED.lastManual!.requestedAt };
    expect(lastUsedText({ ...USED, lastManual: atOnce })).toMatch(/^Last used .* by Clara Schumann\.$/);
  });

  it('reminds the non-responders once, then says when', async () => {
    const reminders = { current: NEVER };
    const api = render(attendance(), reminders);
    expect(await screen.findByText('Automatic reminders: 7 and 2 days before.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Remind non-responders' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(/^Last used .* by Clara Schumann\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind non-responders' })).toBeDisabled();
    expect(screen.getByText('Automatic reminders: 3 days before (set for this event).')).toBeInTheDocument();
    expect(api.count('POST', PATH)).toBe(1);
  });

  it('shows the server refusing a second reminder', async () => {
    const reminders = { current: NEVER };
    render(attendance(), reminders, () =>
      apiError(409, 'CONFLICT', 'Non-responders of this event were already reminded on Friday 20 November at 21:00. An event gets one reminder by hand.'),
    );
    const button = await screen.findByRole('button', { name: 'Remind non-responders' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(/already reminded on Friday 20 November at 21:00/)).toBeInTheDocument();
  });

  it('has nobody to remind when everyone has answered', async () => {
    render(attendance(0, 0), { current: NEVER });
    expect(await screen.findByText('Everyone has answered.')).toBeInTheDocument();
    await screen.findByText('Automatic reminders: 7 and 2 days before.');
    expect(screen.getByRole('button', { name: 'Remind non-responders' })).toBeDisabled();
  });
});
