import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { DigestSettings } from './api';
import { CommunicationsPage, nextRun } from './CommunicationsPage';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

const CHOIR = 'c1';
const SETTINGS: DigestSettings = {
  enabled: true,
  weekday: 'monday',
  hour: 8,
  timeZone: 'Europe/London',
  nextRunAt: '2026-11-30T08:00:00Z',
};
const member = (userId: string, firstName: string, lastName: string) => ({
  userId,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  phoneNumber: null,
  role: 'member',
  isActive: true,
  joinedDate: '2025-03-01T10:00:00Z',
  musicalRoles: [],
});

function serve(extra: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  let settings = SETTINGS;
  const saved: unknown[] = [];
  const server = stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR }, [membership(CHOIR, 'Bach Choir', 'choir_admin')])),
    'GET /choirs/:choirId/members': () => json([member('u1', 'Grace', 'Hopper'), member('u2', 'Alan', 'Turing')]),
    'GET /choirs/:choirId/digest': () => json(settings),
    'PUT /choirs/:choirId/digest': async (req) => {
      const body = (await req.json()) as DigestSettings;
      saved.push(body);
      settings = { ...settings, ...body, nextRunAt: '2026-11-26T17:00:00Z' };
      return json(settings);
    },
    'GET /choirs/:choirId/digest/runs': () =>
      json([{ week: '2026-W48', plannedAt: '2026-11-23T08:00:00Z', sent: 12, skipped: 3, failed: 1, pending: 0 }]),
    'GET /choirs/:choirId/digest/preview': (req) =>
      json({
        subject: `Your week with Bach Choir (${new URL(req.url).searchParams.get('userId')})`,
        html: '<p>Will you be there?</p>',
        text: 'WILL YOU BE THERE?\nAdvent rehearsal',
        empty: false,
        switchedOff: false,
      }),
    'POST /choirs/:choirId/digest/test': () => json({ sentTo: 'ada@example.com' }),
    ...extra,
  });
  return { ...server, saved };
}

function render() {
  resetToasts();
  return renderWithProviders(
    createMemoryRouter([{ path: '/dashboard/communications', element: <CommunicationsPage /> }], {
      initialEntries: ['/dashboard/communications'],
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CommunicationsPage', () => {
  it('shows the schedule and saves a new day and hour', async () => {
    const server = serve();
    render();
    const form = await screen.findByRole('form', { name: 'Digest schedule' });
    expect(within(form).getByRole('switch', { name: 'Send the weekly digest' })).toBeChecked();
    expect(within(form).getByText(/Next digest: .*Europe\/London time/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Day' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Thursday' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Hour' }));
    await userEvent.click(await screen.findByRole('option', { name: '17:00' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(server.saved).toEqual([{ enabled: true, weekday: 'thursday', hour: 17 }]);
  });

  it('previews the digest as a chosen member, as email and as plain text', async () => {
    serve();
    render();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Preview as' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    expect(await screen.findByText('Your week with Bach Choir (u1)')).toBeInTheDocument();
    expect(screen.getByTitle('Digest preview for Grace Hopper')).toHaveAttribute('srcdoc', '<p>Will you be there?</p>');
    await userEvent.click(screen.getByRole('radio', { name: 'Plain text' }));
    expect(screen.getByLabelText('Plain text digest for Grace Hopper')).toHaveTextContent('WILL YOU BE THERE? Advent rehearsal');
  });

  it('says nothing would be sent to a member with nothing new', async () => {
    serve({
      'GET /choirs/:choirId/digest/preview': () =>
        json({ subject: 'Your week with Bach Choir', html: '', text: '', empty: true, switchedOff: false }),
    });
    render();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Preview as' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alan Turing' }));
    expect(await screen.findByText('Nothing new for Alan Turing this week, so they would get no email.')).toBeInTheDocument();
  });

  it('sends a test and says where it went', async () => {
    const server = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('Test digest sent to ada@example.com.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.fetch.mock.calls.filter(([r]) => r.method === 'POST' && r.url.endsWith('/digest/test'))).toHaveLength(1),
    );
  });

  it('lists the history of runs with their counts', async () => {
    serve();
    render();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /2026-W48/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(2)).toEqual(['12', '3', '1', '0']);
    expect(within(table).getByRole('columnheader', { name: 'Skipped: nothing new' })).toBeInTheDocument();
  });

  it('words when the next digest goes, or that it is off', () => {
    expect(nextRun({ ...SETTINGS, enabled: false, nextRunAt: null })).toBe('The weekly digest is off.');
    expect(nextRun(SETTINGS)).toMatch(/^Next digest: Monday.*30.*08:00.*\(Europe\/London time\)\.$/);
  });
});
