import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import { eventValues } from './eventForm';
import { EventFormModal } from './EventFormModal';
import type { EventReminders } from './remindersApi';
import { CONCERT } from './testing';

vi.setConfig({ testTimeout: 30000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const REMINDERS_PATH = `/choirs/c1/events/${CONCERT.id}/reminders`;

function render(reminders: EventReminders) {
  const api = stubFetch({
    'GET /choirs/:choirId/events/:eventId/reminders': () => json(reminders),
    'PUT /choirs/:choirId/events/:eventId/reminders': (_r, _p, body) => json({ ...reminders, ...(body as object) }),
    'PUT /choirs/:choirId/events/:eventId': () => json(CONCERT),
  });
  resetToasts();
  const onClose = vi.fn();
  renderWithProviders(
    createMemoryRouter([
      {
        path: '/',
        element: (
          <EventFormModal choirId="c1" initial={eventValues(CONCERT)} event={CONCERT} timeZone="Europe/London" onClose={onClose} />
        ),
      },
    ]),
  );
  return { api, onClose };
}

describe("the event form's reminders", () => {
  it('gives an event its own reminders, saved after the event', async () => {
    const { api, onClose } = render({ days: null, typeDays: [7, 2], lastManual: null });
    const typeChoice = await screen.findByRole('radio', { name: 'As for this event type (7 and 2 days before)' });
    expect(typeChoice).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Own reminders for this event' }));
    const first = screen.getByRole('textbox', { name: 'First, days before' });
    await userEvent.clear(first);
    await userEvent.type(first, '3');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Second, days before' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('PUT', REMINDERS_PATH)).toEqual([{ days: [3] }]);
  });

  it('saves nothing about reminders when they did not change', async () => {
    const { api, onClose } = render({ days: [5], typeDays: [7, 2], lastManual: null });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Own reminders for this event' })).toBeChecked());
    expect(screen.getByRole('textbox', { name: 'First, days before' })).toHaveValue('5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.count('PUT', REMINDERS_PATH)).toBe(0);
  });
});
