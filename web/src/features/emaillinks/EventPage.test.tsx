import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClock, formatWeekdayDate } from '../../components/format';
import { apiError, asked, json, stubFetch, type Handler } from '../../test/api';
import type { EventLink } from './api';
import { rsvpSecret } from './EventPage';
import { expectAccessible, linkEvent, renderLink, RSVP_TOKEN, TOKEN } from './testing';

function eventLink(extra: Partial<EventLink> = {}): EventLink {
  return { choirId: 'c1', choirName: 'Bach Choir', event: linkEvent(), answer: null, answerable: true, plan: null, ...extra };
}

function serve(handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /email-links/event/:token': () => json(eventLink()),
    'POST /email-links/rsvp/:token': (_req, _params, body) =>
      json({ status: (body as { status: string }).status, changed: false, event: linkEvent() }),
    ...handlers,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('EventPage', () => {
  it('shows the event, its calendar file and no answers without an RSVP secret', async () => {
    const api = serve();
    const { container } = renderLink(`/email/event/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Advent rehearsal' })).toBeInTheDocument();
    expect(screen.getByText('Rehearsal · Bach Choir')).toBeInTheDocument();
    expect(screen.getByText(`${formatWeekdayDate('2026-12-03')}, ${formatClock('19:30')}–${formatClock('21:30')}`)).toBeInTheDocument();
    expect(screen.getByText('St Mary’s Hall')).toBeInTheDocument();
    expect(screen.getByText('Bring the Bach.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/v1/email-links/event/${TOKEN}/ics`,
    );
    expect(screen.queryByRole('button', { name: 'Maybe' })).not.toBeInTheDocument();
    expect(asked(api.calls)).toEqual([`GET /email-links/event/${TOKEN}`]);
    await expectAccessible(container);
  });

  it('answers through the RSVP secret of the fragment, on a click only', async () => {
    const api = serve();
    const { container } = renderLink(`/email/event/${TOKEN}#rsvp=${RSVP_TOKEN}`);
    const going = await screen.findByRole('button', { name: "I'll be there" });
    expect(going).toHaveAttribute('aria-pressed', 'false');
    await expectAccessible(container);
    expect(api.count('POST', `/email-links/rsvp/${RSVP_TOKEN}`)).toBe(0);

    await userEvent.click(going);
    expect(await screen.findByRole('heading', { level: 2, name: 'RSVP Confirmed' })).toBeInTheDocument();
    expect(api.bodies('POST', `/email-links/rsvp/${RSVP_TOKEN}`)).toEqual([{ status: 'going' }]);
    expect(screen.getByRole('status')).toHaveTextContent("Your answer: I'll be there");
    // The event's own secret never answers.
    expect(api.count('POST', `/email-links/rsvp/${TOKEN}`)).toBe(0);
  });

  it('shows the current answer and closes the answers once the event has started', async () => {
    serve({ 'GET /email-links/event/:token': () => json(eventLink({ answer: 'not_going', answerable: false })) });
    renderLink(`/email/event/${TOKEN}#rsvp=${RSVP_TOKEN}`);
    expect(await screen.findByText("Your answer: Can't make it")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe' })).toBeDisabled();
  });

  it('shows a refused answer beside the event', async () => {
    serve({ 'POST /email-links/rsvp/:token': () => apiError(404, 'INVALID_TOKEN', 'Invalid or expired RSVP link') });
    renderLink(`/email/event/${TOKEN}#rsvp=${RSVP_TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired RSVP link');
    expect(screen.getByRole('heading', { level: 1, name: 'Advent rehearsal' })).toBeInTheDocument();
  });

  it.each([
    [404, 'INVALID_TOKEN', 'Invalid or expired event link'],
    [404, 'NOT_FOUND', 'Event not found'],
  ])('shows the server’s refusal %s %s', async (status, code, message) => {
    serve({ 'GET /email-links/event/:token': () => apiError(status, code, message) });
    renderLink(`/email/event/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('shows an all-day event by its dates', async () => {
    serve({
      'GET /email-links/event/:token': () =>
        json(eventLink({ event: linkEvent({ allDay: true, startTime: '', endTime: '', endDate: '2026-12-04' }) })),
    });
    renderLink(`/email/event/${TOKEN}`);
    await waitFor(() =>
      expect(screen.getByText(`${formatWeekdayDate('2026-12-03')} – ${formatWeekdayDate('2026-12-04')}`)).toBeInTheDocument(),
    );
  });

  it('reads the RSVP secret from the fragment only', () => {
    expect(rsvpSecret(`#rsvp=${RSVP_TOKEN}`)).toBe(RSVP_TOKEN);
    expect(rsvpSecret('')).toBeNull();
    expect(rsvpSecret('#rsvp=')).toBeNull();
  });
});
