import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClock, formatWeekdayDate } from '../../components/format';
import { apiError, deferred, json, stubFetch, type Handler } from '../../test/api';
import type { RsvpStatus } from './api';
import { expectAccessible, linkEvent, renderLink, rsvpLink, TOKEN } from './testing';

const LINK = `/email-links/rsvp/${TOKEN}`;

/** serve answers the RSVP link and records each answer, 'changed' when it replaces another. */
function serve(handlers: Record<string, Handler> = {}, answer: RsvpStatus | null = null) {
  let held = answer;
  return stubFetch({
    'GET /email-links/rsvp/:token': () => json(rsvpLink({ answer: held })),
    'POST /email-links/rsvp/:token': (_req, _params, body) => {
      const { status } = body as { status: RsvpStatus };
      const changed = held !== null && held !== status;
      held = status;
      return json({ status, changed, event: linkEvent() });
    },
    ...handlers,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

async function expectRsvpError(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'RSVP Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
}

describe('RsvpPage: opening the link', () => {
  it('shows the event in the choir’s zone, and loading before', async () => {
    const answer = deferred<Response>();
    serve({ 'GET /email-links/rsvp/:token': () => answer.promise });
    const { container } = renderLink(`/email/rsvp/${TOKEN}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    answer.resolve(json(rsvpLink()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Advent rehearsal' })).toBeInTheDocument();
    expect(screen.getByText('Bach Choir')).toBeInTheDocument();
    expect(screen.getByText(`${formatWeekdayDate('2026-12-03')}, ${formatClock('19:30')}–${formatClock('21:30')}`)).toBeInTheDocument();
    expect(screen.getByText('St Mary’s Hall')).toBeInTheDocument();
    for (const name of ["I'll be there", 'Maybe', "Can't make it"]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await expectAccessible(container);
  });

  it('offers the action of the URL to confirm with a tap, and sends nothing until then', async () => {
    const api = serve();
    const { container } = renderLink(`/email/rsvp/${TOKEN}/maybe`);
    const maybe = await screen.findByRole('button', { name: 'Tap to confirm: Maybe' });
    // Nothing is recorded yet: no answer shows as given.
    expect(screen.queryByText(/Your answer/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maybe' })).not.toBeInTheDocument();
    for (const name of ["I'll be there", "Can't make it"]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await expectAccessible(container);
    // Whatever a scanner running the page's scripts waits for, nothing is posted.
    await waitFor(() => expect(api.count('GET', LINK)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.count('POST', LINK)).toBe(0);

    await userEvent.click(maybe);
    expect(await screen.findByRole('heading', { level: 1, name: 'RSVP Confirmed' })).toBeInTheDocument();
    expect(api.bodies('POST', LINK)).toEqual([{ status: 'maybe' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Your answer: Maybe');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View Calendar' })).toHaveAttribute('href', '/dashboard/calendar');
  });

  it.each([['yes'], ['GOING'], ['not-going']])('offers nothing for the unknown action %s', async (action) => {
    const api = serve();
    renderLink(`/email/rsvp/${TOKEN}/${action}`);
    await screen.findByRole('button', { name: 'Maybe' });
    for (const name of ["I'll be there", 'Maybe', "Can't make it"]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.queryByRole('button', { name: /Tap to confirm/ })).not.toBeInTheDocument();
    expect(api.count('POST', LINK)).toBe(0);
  });

  it('shows the current answer, pressed', async () => {
    serve({}, 'maybe');
    renderLink(`/email/rsvp/${TOKEN}`);
    expect(await screen.findByText('Your answer: Maybe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows the answer recorded beside a link's other answer, and changes it with a tap", async () => {
    const api = serve({}, 'maybe');
    renderLink(`/email/rsvp/${TOKEN}/going`);
    const going = await screen.findByRole('button', { name: "Tap to confirm: I'll be there" });
    expect(screen.getByText('Your answer: Maybe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(going);
    expect(await screen.findByRole('heading', { level: 1, name: 'RSVP Confirmed' })).toBeInTheDocument();
    expect(api.bodies('POST', LINK)).toEqual([{ status: 'going' }]);
  });

  it('offers no confirmation of the answer already recorded', async () => {
    serve({}, 'maybe');
    renderLink(`/email/rsvp/${TOKEN}/maybe`);
    expect(await screen.findByText('Your answer: Maybe')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tap to confirm/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    [400, 'INVALID_TOKEN', 'Invalid RSVP link'],
    [404, 'INVALID_TOKEN', 'Invalid or expired RSVP link'],
    [404, 'NOT_FOUND', 'Event not found'],
  ])('shows the server’s refusal %s %s', async (status, code, message) => {
    serve({ 'GET /email-links/rsvp/:token': () => apiError(status, code, message) });
    renderLink(`/email/rsvp/${TOKEN}`);
    await expectRsvpError(message);
  });

  it("says 'Failed to process RSVP' when the server fails", async () => {
    serve({ 'GET /email-links/rsvp/:token': () => apiError(500, 'INTERNAL', 'boom') });
    renderLink(`/email/rsvp/${TOKEN}`);
    await expectRsvpError('Failed to process RSVP');
  });

  it('closes the answers once the event has started', async () => {
    const api = serve({ 'GET /email-links/rsvp/:token': () => json(rsvpLink({ answerable: false, answer: 'going' })) });
    renderLink(`/email/rsvp/${TOKEN}/maybe`);
    expect(await screen.findByRole('button', { name: 'Maybe' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "I'll be there" })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Can't make it" })).toBeDisabled();
    expect(screen.getByText('This event has already started, so answers can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByText("Your answer: I'll be there")).toBeInTheDocument();
    expect(api.count('POST', LINK)).toBe(0);
  });
});

describe('RsvpPage: answering', () => {
  it('sends exactly one answer per click, even clicked twice while it is sent', async () => {
    const held = deferred<void>();
    const api = serve({
      'POST /email-links/rsvp/:token': async () => {
        await held.promise;
        return json({ status: 'not_going', changed: false, event: linkEvent() });
      },
    });
    renderLink(`/email/rsvp/${TOKEN}`);
    const no = await screen.findByRole('button', { name: "Can't make it" });
    await userEvent.click(no);
    await userEvent.click(no);
    held.resolve();
    expect(await screen.findByRole('heading', { level: 1, name: 'RSVP Confirmed' })).toBeInTheDocument();
    expect(api.bodies('POST', LINK)).toEqual([{ status: 'not_going' }]);
    expect(screen.getByRole('status')).toHaveTextContent("Your answer: Can't make it");
    expect(screen.queryByText('RSVP updated successfully!')).not.toBeInTheDocument();
  });

  it("changes the answer, saying 'RSVP updated successfully!'", async () => {
    const api = serve({}, 'going');
    const { container } = renderLink(`/email/rsvp/${TOKEN}/going`);
    await userEvent.click(await screen.findByRole('button', { name: "I'll be there" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'RSVP Confirmed' })).toBeInTheDocument();
    // The same answer again replaces nothing.
    expect(screen.queryByText('RSVP updated successfully!')).not.toBeInTheDocument();
    await expectAccessible(container);

    await userEvent.click(screen.getByRole('button', { name: 'Change answer' }));
    expect(screen.getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    expect(await screen.findByText('RSVP updated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your answer: Maybe');
    expect(api.bodies('POST', LINK)).toEqual([{ status: 'going' }, { status: 'maybe' }]);
  });

  it('goes to the calendar from the confirmation', async () => {
    serve();
    const { router } = renderLink(`/email/rsvp/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe' }));
    await userEvent.click(await screen.findByRole('link', { name: 'View Calendar' }));
    expect(await screen.findByRole('heading', { name: 'Calendar page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/calendar');
  });

  it('shows the refusal of an event that has started meanwhile', async () => {
    serve({
      'POST /email-links/rsvp/:token': () =>
        apiError(409, 'EVENT_STARTED', 'This event has already started, so answers can no longer be changed.'),
    });
    renderLink(`/email/rsvp/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe' }));
    await expectRsvpError('This event has already started, so answers can no longer be changed.');
  });

  it("says 'Failed to update RSVP' when the answer fails otherwise", async () => {
    serve({ 'POST /email-links/rsvp/:token': () => apiError(500, 'INTERNAL', 'boom') });
    renderLink(`/email/rsvp/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe' }));
    await expectRsvpError('Failed to update RSVP');
  });
});
