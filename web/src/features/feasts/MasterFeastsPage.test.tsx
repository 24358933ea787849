import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pretendSmallScreen } from '../members/testing';
import { formatFeastDate } from './format';
import { calendarImportLink, MasterFeastsPage, ranksOf } from './MasterFeastsPage';
import { feastChanges, normaliseFeastName, validateFeast } from './EditMasterFeastModal';
import {
  ADVENT,
  apiError,
  CHRISTMAS,
  EASTER,
  MASTER_FEASTS,
  MASTER_FEASTS_PATH,
  pickCalendarType,
  renderFeastPage,
  serveFeasts,
  type FeastServer,
} from './testing';

// The search waits for typing to pause; user events take a while.
vi.setConfig({ testTimeout: 15000 });

function renderFeasts(server: FeastServer = {}, entry = MASTER_FEASTS_PATH) {
  const api = serveFeasts(server);
  return { api, state: api.state, ...renderFeastPage(MASTER_FEASTS_PATH, <MasterFeastsPage />, entry) };
}

const table = () => screen.findByRole('table', { name: 'Master feasts' });
const shownNames = () =>
  within(screen.getByRole('table', { name: 'Master feasts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const typeSelect = () => screen.getByRole('combobox', { name: 'Calendar type' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('master feast rules', () => {
  it('checks names and ranks as the server does', () => {
    expect(validateFeast({ defaultName: '  ', rank: '' })).toEqual({
      defaultName: 'Feast name is required',
      rank: 'Rank is required',
    });
    expect(validateFeast({ defaultName: 'x'.repeat(201), rank: 'y'.repeat(51) })).toEqual({
      defaultName: 'Feast name is too long',
      rank: 'Rank is too long',
    });
    expect(validateFeast({ defaultName: 'x'.repeat(200), rank: 'y'.repeat(50) })).toEqual({});
  });

  it('sends only what changed, with the name’s spaces tidied', () => {
    expect(normaliseFeastName('  Easter   Day ')).toBe('Easter Day');
    expect(feastChanges(EASTER, { defaultName: 'Easter Sunday ', rank: ' I class' })).toEqual({});
    expect(feastChanges(EASTER, { defaultName: 'Easter  Day', rank: 'I class' })).toEqual({ defaultName: 'Easter Day' });
    expect(feastChanges(EASTER, { defaultName: 'Easter Sunday', rank: 'Double of the I class' })).toEqual({
      rank: 'Double of the I class',
    });
  });

  it('offers each rank in use once, and links the import page to a type', () => {
    expect(ranksOf(MASTER_FEASTS)).toEqual(['I class', 'II class', 'Sunday']);
    expect(calendarImportLink('anglican_common_worship')).toBe(
      '/dashboard/global-admin/calendar-import?calendarType=anglican_common_worship',
    );
  });
});

describe('MasterFeastsPage', () => {
  it('opens on the 1962 Roman calendar and lists its feasts with their key, rank, type, next date and status', async () => {
    const { state } = renderFeasts();
    expect(screen.getByRole('heading', { level: 1, name: 'Master Feasts' })).toBeInTheDocument();
    await table();
    expect(state.lists).toEqual([{ calendarType: 'roman_1962_extraordinary', q: null }]);
    expect(typeSelect()).toHaveValue('Roman Calendar (1962) (calendar uploaded)');
    expect(typeSelect()).toHaveAccessibleDescription('Published: choirs that follow it see its feasts.');
    expect(shownNames()).toEqual(['Christmas', 'Easter Sunday', 'Immaculate Conception', 'Septuagesima Sunday']);
    expect(screen.getByText('4 feasts')).toBeInTheDocument();

    const easter = within(rowOf('Easter Sunday')).getAllByRole('cell').map((c) => c.textContent);
    expect(easter.slice(0, 6)).toEqual([
      'Easter Sunday',
      'easter_sunday',
      'I class',
      'sunday',
      formatFeastDate('2027-03-28'),
      'Active',
    ]);
    expect(within(rowOf('Immaculate Conception')).getAllByRole('cell')[5]).toHaveTextContent('InactiveEdited');
    expect(within(rowOf('Septuagesima Sunday')).getAllByRole('cell')[4]).toHaveTextContent('None');
    expect(within(rowOf('Immaculate Conception')).getByRole('button', { name: 'Activate Immaculate Conception' })).toBeInTheDocument();
    expect(within(rowOf('Christmas')).getByRole('button', { name: 'Deactivate Christmas' })).toBeInTheDocument();
  });

  it('switches calendar type: a new request, and the URL keeps the type for a reload', async () => {
    const { state, router } = renderFeasts();
    await table();
    await pickCalendarType('General', /^General Roman Calendar \(calendar uploaded\).*Published$/);
    await waitFor(() => expect(shownNames()).toEqual(['First Sunday of Advent']));
    expect(state.lists.at(-1)).toEqual({ calendarType: 'general_roman_ordinary', q: null });
    expect(router.state.location.search).toBe('?calendarType=general_roman_ordinary');
    expect(typeSelect()).toHaveValue('General Roman Calendar (calendar uploaded)');
    expect(within(rowOf('First Sunday of Advent')).getByText(formatFeastDate(ADVENT.nextDate!))).toBeInTheDocument();
  });

  it('opens on the type in the URL, and points an empty calendar to the Calendar Import page', async () => {
    const { state } = renderFeasts({}, `${MASTER_FEASTS_PATH}?calendarType=anglican_common_worship`);
    expect(await screen.findByText(/Common Worship has no feasts yet/)).toBeInTheDocument();
    expect(state.lists).toEqual([{ calendarType: 'anglican_common_worship', q: null }]);
    expect(typeSelect()).toHaveValue('Common Worship (calendar not uploaded)');
    expect(typeSelect()).toHaveAccessibleDescription('Unpublished: hidden from everyone but global admins.');
    await userEvent.click(screen.getByRole('link', { name: /Calendar Import page/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/dashboard/global-admin/calendar-import?calendarType=anglican_common_worship',
    );
  });

  it('falls back to the 1962 calendar for a type that does not exist, and says so', async () => {
    const { state } = renderFeasts({}, `${MASTER_FEASTS_PATH}?calendarType=nonsense`);
    await table();
    expect(screen.getByText(/There is no calendar type “nonsense”; showing Roman Calendar \(1962\)/)).toBeInTheDocument();
    expect(state.lists).toEqual([{ calendarType: 'roman_1962_extraordinary', q: null }]);
  });

  it('searches by name or key on the server', async () => {
    const { state } = renderFeasts();
    await table();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'EASTER');
    await waitFor(() => expect(shownNames()).toEqual(['Easter Sunday']));
    expect(state.lists.at(-1)).toEqual({ calendarType: 'roman_1962_extraordinary', q: 'EASTER' });
    expect(screen.getByText('1 feast matching “EASTER”')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'septuag');
    await waitFor(() => expect(shownNames()).toEqual(['Septuagesima Sunday']));

    await userEvent.clear(search);
    await userEvent.type(search, 'pentecost');
    expect(await screen.findByText('No feasts match “pentecost”.')).toBeInTheDocument();
    // A search that finds nothing is not an empty calendar.
    expect(screen.queryByRole('link', { name: /Calendar Import page/ })).not.toBeInTheDocument();
  });

  it('corrects a rank, sending only what changed, and shows the feast as edited', async () => {
    const { api } = renderFeasts();
    await table();
    await userEvent.click(within(rowOf('Easter Sunday')).getByRole('button', { name: 'Edit Easter Sunday' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Easter Sunday' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Easter Sunday');
    const rank = dialog.getByRole('combobox', { name: 'Rank' });
    expect(rank).toHaveValue('I class');
    await userEvent.clear(rank);
    await userEvent.type(rank, 'Double of the I class');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Easter Sunday saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodies('PATCH', `/master-feasts/${EASTER.id}`)).toEqual([{ rank: 'Double of the I class' }]);
    const cells = within(rowOf('Easter Sunday')).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('Double of the I class');
    expect(cells[5]).toHaveTextContent('ActiveEdited');
  });

  it('shows a missing name under the field without asking, and the server’s refusal under its field', async () => {
    const { api } = renderFeasts({
      handlers: {
        'PATCH /master-feasts/:id': () =>
          apiError(400, 'VALIDATION_ERROR', 'Please check the feast.', { defaultName: 'Feast name is too long' }),
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Christmas' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Christmas' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Feast name is required');
    expect(api.count('PATCH', `/master-feasts/${CHRISTMAS.id}`)).toBe(0);

    await userEvent.type(name, 'The Nativity of Our Lord Jesus Christ');
    expect(name).not.toHaveAccessibleDescription('Feast name is required');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Feast name is too long'));
    expect(api.bodies('PATCH', `/master-feasts/${CHRISTMAS.id}`)).toEqual([
      { defaultName: 'The Nativity of Our Lord Jesus Christ' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit Christmas' })).toBeInTheDocument();
  });

  it('deactivates a feast after asking, and activates it again', async () => {
    const { api } = renderFeasts();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Easter Sunday' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deactivate Easter Sunday?' }));
    expect(dialog.getByText(/no longer show in the calendars of choirs that follow Roman Calendar \(1962\)/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Easter Sunday deactivated')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Easter Sunday')).getAllByRole('cell')[5]).toHaveTextContent('Inactive'));
    expect(api.bodies('PATCH', `/master-feasts/${EASTER.id}`)).toEqual([{ active: false }]);

    await userEvent.click(screen.getByRole('button', { name: 'Activate Easter Sunday' }));
    expect(await screen.findByText('Easter Sunday activated')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Easter Sunday')).getAllByRole('cell')[5]).toHaveTextContent(/^Active$/));
    expect(api.bodies('PATCH', `/master-feasts/${EASTER.id}`)).toEqual([{ active: false }, { active: true }]);
  });

  it('shows the server’s message when a change is refused', async () => {
    renderFeasts({
      handlers: {
        'PATCH /master-feasts/:id': () => apiError(403, 'PERMISSION_ERROR', 'Only global admins may change feasts.'),
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Activate Immaculate Conception' }));
    expect(await screen.findByText('Only global admins may change feasts.')).toBeInTheDocument();
    expect(within(rowOf('Immaculate Conception')).getAllByRole('cell')[5]).toHaveTextContent('Inactive');
  });

  it('says when the feasts cannot be loaded, and tries again', async () => {
    let fail = true;
    serveFeasts({
      handlers: {
        'GET /master-feasts': () =>
          fail ? apiError(500, 'INTERNAL', 'The feasts are unavailable.') : new Response('[]', { headers: { 'Content-Type': 'application/json' } }),
      },
    });
    renderFeastPage(MASTER_FEASTS_PATH, <MasterFeastsPage />);
    expect(await screen.findByText('Could not load the feasts')).toBeInTheDocument();
    expect(screen.getByText('The feasts are unavailable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Roman Calendar \(1962\) has no feasts yet/)).toBeInTheDocument();
  });

  it('shows cards on a phone', async () => {
    const restore = pretendSmallScreen();
    try {
      renderFeasts();
      const list = await screen.findByRole('list', { name: 'Master feasts' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const easter = within(within(list).getByRole('listitem', { name: 'Easter Sunday' }));
      expect(easter.getByText('easter_sunday')).toBeInTheDocument();
      expect(easter.getByText('Rank: I class · Type: sunday')).toBeInTheDocument();
      expect(easter.getByText(formatFeastDate('2027-03-28'))).toBeInTheDocument();
      expect(easter.getByRole('button', { name: 'Edit Easter Sunday' })).toBeInTheDocument();
      expect(easter.getByRole('button', { name: 'Deactivate Easter Sunday' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
