import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWERS_CLOSED } from './attendance';
import { RSVP_UPDATED } from './attendanceApi';
import { apiError, fixToday, json, openEntry, pretendSmallScreen, renderCalendar, serveCalendar } from './testing';

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

const RSVP_PATH = '/choirs/c1/events/ev-1-occurrence-2026-05-12/rsvp';

describe('Your answer in the event panel', () => {
  it("shows the member's current answer pressed, and sends one answer per click, for the occurrence", async () => {
    const api = serveCalendar({ role: 'member' });
    api.state.answers['ev-1-occurrence-2026-05-12'] = 'maybe';
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    const answers = within(await panel.findByRole('group', { name: 'Your answer' }));
    expect(await answers.findByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(answers.getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'false');
    expect(answers.getByRole('button', { name: "Can't make it" })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(answers.getByRole('button', { name: "I'll be there" }));
    expect(await screen.findByText(RSVP_UPDATED)).toBeInTheDocument();
    expect(api.bodies('PUT', RSVP_PATH)).toEqual([{ status: 'going' }]);
    await waitFor(() => expect(answers.getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'true'));
    expect(answers.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('closes the answers once the event has started', async () => {
    const api = serveCalendar({
      role: 'member',
      handlers: { 'GET /choirs/:choirId/events/:eventId/rsvp': () => json({ status: 'going', answerable: false }) },
    });
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    expect(await panel.findByText(ANSWERS_CLOSED)).toBeInTheDocument();
    for (const name of ["I'll be there", 'Maybe', "Can't make it"]) {
      expect(panel.getByRole('button', { name })).toBeDisabled();
    }
    expect(panel.getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'true');
    expect(api.count('PUT', RSVP_PATH)).toBe(0);
  });

  it('offers no email to the choir for an event that has started', async () => {
    serveCalendar({
      handlers: { 'GET /choirs/:choirId/events/:eventId/rsvp': () => json({ status: null, answerable: false }) },
    });
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    expect(await panel.findByText(ANSWERS_CLOSED)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Attendance' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Email to choir' })).not.toBeInTheDocument();
  });

  it('says why an answer was refused, and closes the buttons when the event started meanwhile', async () => {
    let started = false;
    serveCalendar({
      role: 'member',
      handlers: {
        'GET /choirs/:choirId/events/:eventId/rsvp': () => json({ status: null, answerable: !started }),
        'PUT /choirs/:choirId/events/:eventId/rsvp': () => {
          started = true;
          return apiError(409, 'EVENT_STARTED', 'This event has already started.');
        },
      },
    });
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    await userEvent.click(await panel.findByRole('button', { name: 'Maybe' }));
    expect(await screen.findByText('This event has already started.')).toBeInTheDocument();
    expect(await panel.findByText(ANSWERS_CLOSED)).toBeInTheDocument();
  });

  it('gives a member neither the attendance nor the email to the choir', async () => {
    serveCalendar({ role: 'member' });
    renderCalendar();
    const panel = within(await openEntry('Spring Concert'));
    await panel.findByRole('group', { name: 'Your answer' });
    expect(panel.queryByRole('link', { name: 'Attendance' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Email to choir' })).not.toBeInTheDocument();
  });

  it("gives an administrator the occurrence's attendance page and the email to the choir", async () => {
    const api = serveCalendar({
      handlers: { 'POST /choirs/:choirId/events/:eventId/email': () => json({ recipients: 12, copyToSender: false }) },
    });
    renderCalendar();
    const panel = within(await openEntry('Tuesday Rehearsal'));
    expect(panel.getByRole('link', { name: 'Attendance' })).toHaveAttribute(
      'href',
      '/dashboard/calendar/attendance/ev-1-occurrence-2026-05-12',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Email to choir' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Email event to choir' }));
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 12 members')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/events/ev-1-occurrence-2026-05-12/email')).toEqual([{ note: '', copyToSender: false }]);
  });

  it('offers no email for a draft, which only a published event can be', async () => {
    serveCalendar();
    renderCalendar();
    const panel = within(await openEntry('Planning Meeting (Draft)'));
    expect(panel.getByRole('link', { name: 'Attendance' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Email to choir' })).not.toBeInTheDocument();
  });
});
