import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/api';
import { renderWithProviders, resetToasts } from '../../test/render';
import { DAYS_MESSAGE, ReminderSettings, SAME_DAYS_MESSAGE, toFormValues, toSettings } from './ReminderSettings';
import type { ReminderSettings as Settings } from './remindersApi';

vi.setConfig({ testTimeout: 30000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const TYPES = ['rehearsal', 'service', 'concert', 'liturgical_feast', 'other'] as const;
const DEFAULTS: Settings = { eventTypes: TYPES.map((eventType) => ({ eventType, days: [7, 2] })), partBalanceDays: 3 };
const PATH = '/choirs/c1/reminder-settings';

function render(initial = DEFAULTS, put?: (body: Settings) => Response) {
  const api = stubFetch({
    'GET /choirs/:choirId/reminder-settings': () => json(initial),
    'PUT /choirs/:choirId/reminder-settings': (_r, _p, body) => (put ? put(body as Settings) : json(body)),
  });
  resetToasts();
  renderWithProviders(createMemoryRouter([{ path: '/', element: <ReminderSettings choirId="c1" /> }]));
  return api;
}

describe('ReminderSettings', () => {
  it('reads and writes the settings as the server keeps them', () => {
    const mixed: Settings = { eventTypes: [{ eventType: 'concert', days: [14] }, { eventType: 'other', days: [] }], partBalanceDays: null };
    expect(toSettings(toFormValues(mixed))).toEqual(mixed);
    expect(toSettings(toFormValues(DEFAULTS))).toEqual(DEFAULTS);
  });

  it('changes one event type and turns the part-balance alert off', async () => {
    const api = render();
    const first = await screen.findByRole('textbox', { name: 'Concerts: days before, first reminder' });
    await userEvent.clear(first);
    await userEvent.type(first, '14');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Concerts: second reminder' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Alert the choir's administrators/ }));
    expect(screen.getByRole('textbox', { name: 'Days before a service or concert' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(api.count('PUT', PATH)).toBe(1));
    const sent = api.bodies('PUT', PATH)[0] as Settings;
    expect(sent.partBalanceDays).toBeNull();
    expect(sent.eventTypes.find((t) => t.eventType === 'concert')?.days).toEqual([14]);
    expect(sent.eventTypes.find((t) => t.eventType === 'rehearsal')?.days).toEqual([7, 2]);
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
  });

  it('refuses days out of range and the same day twice before asking the server', async () => {
    const api = render();
    const first = await screen.findByRole('textbox', { name: 'Rehearsals: days before, first reminder' });
    await userEvent.clear(first);
    await userEvent.type(first, '31');
    const second = screen.getByRole('textbox', { name: 'Services: days before, second reminder' });
    await userEvent.clear(second);
    await userEvent.type(second, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    expect(await screen.findByText(DAYS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(SAME_DAYS_MESSAGE)).toBeInTheDocument();
    expect(api.count('PUT', PATH)).toBe(0);
  });

  it('shows the server refusing the alert days under the field', async () => {
    render(DEFAULTS, () =>
      apiError(400, 'VALIDATION_ERROR', 'Choose 1 to 30 days, or no alert.', { partBalanceDays: 'Choose 1 to 30 days, or no alert.' }),
    );
    await screen.findByRole('textbox', { name: 'Days before a service or concert' });
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    expect(await screen.findAllByText('Choose 1 to 30 days, or no alert.')).not.toHaveLength(0);
  });
});
