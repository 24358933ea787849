import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { choirKeys } from '../choirs';
import type { FeastImportReport } from './api';
import { CalendarImportPage } from './CalendarImportPage';
import { calendarTypeOptions, chosenCalendarType } from './calendarTypes';
import { importFormatOf } from './format';
import { generatedMessage, yearsError, yearsFault } from './GenerateFeastsSection';
import { importedMessage, reportCounts } from './ImportFeastsSection';
import {
  ANGLICAN,
  apiError,
  CALENDAR_IMPORT_PATH,
  CALENDAR_TYPES,
  json,
  pickCalendarType,
  renderFeastPage,
  serveFeasts,
  type FeastServer,
} from './testing';

vi.setConfig({ testTimeout: 15000 });

const CSV = 'date,feast_key,name,rank,type\n2026-04-05,easter_sunday,Easter Sunday,I class,sunday';

const MIXED: FeastImportReport = {
  new: 1,
  changed: 1,
  unchanged: 1,
  invalid: 1,
  rows: [
    { line: 2, date: '2026-04-05', feastKey: 'easter_sunday', name: 'Easter Sunday', rank: 'I class', status: 'new', reason: '' },
    { line: 3, date: '2026-12-25', feastKey: 'christmas', name: 'Christmas', rank: 'I class', status: 'changed', reason: 'rank II class → I class' },
    { line: 4, date: '2026-12-08', feastKey: 'immaculate_conception', name: 'Immaculate Conception', rank: 'I class', status: 'unchanged', reason: '' },
    { line: 5, date: '2026-02-30', feastKey: 'bad_day', name: 'Bad Day', rank: 'IV class', status: 'invalid', reason: 'Please give the date as YYYY-MM-DD, from 1900 to 2200.' },
  ],
};

const CLEAN: FeastImportReport = {
  new: 2,
  changed: 1,
  unchanged: 0,
  invalid: 0,
  rows: MIXED.rows.slice(0, 2).concat({ ...MIXED.rows[0], line: 6, date: '2027-03-28' }),
};

function renderImport(server: FeastServer = {}, entry = CALENDAR_IMPORT_PATH) {
  const api = serveFeasts(server);
  return { api, state: api.state, ...renderFeastPage(CALENDAR_IMPORT_PATH, <CalendarImportPage />, entry) };
}

const importSection = () => within(screen.getByRole('region', { name: 'Import feasts' }));
const feastsBox = () => importSection().getByRole('textbox', { name: 'Feasts' });
const previewButton = () => importSection().getByRole('button', { name: 'Preview' });
const importButton = () => importSection().getByRole('button', { name: 'Import' });
const previewRows = () =>
  within(importSection().getByRole('table', { name: 'Import preview' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));

async function paste(text: string) {
  await userEvent.click(feastsBox());
  await userEvent.paste(text);
}

async function ready() {
  await screen.findByRole('region', { name: 'Import feasts' });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('calendar import rules', () => {
  it('reads the format from the file name', () => {
    expect(importFormatOf('roman-2026.CSV')).toBe('csv');
    expect(importFormatOf('feasts.json')).toBe('json');
    expect(importFormatOf('export.ics')).toBe('ics');
    expect(importFormatOf('notes.txt')).toBeNull();
    expect(importFormatOf('csv')).toBeNull();
  });

  it('checks a range of years as the server does', () => {
    const message = 'Please choose years from 1900 to 2200, at most 50 at once.';
    expect(yearsError(2021, 2036)).toBeUndefined();
    expect(yearsError(1900, 1949)).toBeUndefined();
    expect(yearsError(1900, 1950)).toBe(message);
    expect(yearsError(1899, 1900)).toBe(message);
    expect(yearsError(2200, 2201)).toBe(message);
    expect(yearsError(2030, 2029)).toBe(message);
    expect(yearsError('', 2030)).toBe(message);
    expect(yearsFault(1899, 1900)).toBe('from');
    expect(yearsFault('', 2030)).toBe('from');
    expect(yearsFault(2030, 2029)).toBe('to');
    expect(yearsFault(1900, 1950)).toBe('to');
    expect(yearsFault(2000, 2000)).toBeNull();
  });

  it('words the counts and the toasts', () => {
    expect(reportCounts(MIXED)).toBe('1 new, 1 changed, 1 unchanged, 1 invalid');
    expect(importedMessage('Common Worship', CLEAN)).toBe('Imported into Common Worship: 2 new, 1 changed');
    expect(generatedMessage('Common Worship', 1, 1)).toBe('Common Worship: 1 year generated, 1 feast day written');
    expect(generatedMessage('Common Worship', 16, 1200)).toBe('Common Worship: 16 years generated, 1200 feast days written');
  });

  it('groups the calendar types by category and labels them by whether feasts exist', () => {
    expect(calendarTypeOptions(CALENDAR_TYPES)).toEqual([
      { group: 'Traditional Catholic', items: [{ value: 'roman_1962_extraordinary', label: 'Roman Calendar (1962) (calendar uploaded)' }] },
      { group: 'Catholic (Ordinary Form)', items: [{ value: 'general_roman_ordinary', label: 'General Roman Calendar (calendar uploaded)' }] },
      { group: 'Anglican', items: [{ value: 'anglican_common_worship', label: 'Common Worship (calendar not uploaded)' }] },
      { group: 'Orthodox', items: [{ value: 'orthodox_russian', label: 'Russian Orthodox Calendar (calendar uploaded)' }] },
    ]);
    expect(chosenCalendarType(CALENDAR_TYPES, null)?.key).toBe('roman_1962_extraordinary');
    expect(chosenCalendarType(CALENDAR_TYPES, 'orthodox_russian')?.key).toBe('orthodox_russian');
    expect(chosenCalendarType([ANGLICAN], 'nonsense')?.key).toBe('anglican_common_worship');
  });
});

describe('CalendarImportPage: import', () => {
  it('previews every row with its status and reason and the counts, and blocks an import with invalid rows', async () => {
    const { api } = renderImport({
      handlers: { 'POST /calendar-types/:key/import/preview': () => json(MIXED) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar Import' })).toBeInTheDocument();
    await ready();
    expect(importSection().getByText(/cantica liturgy --format csv/)).toBeInTheDocument();
    expect(importSection().getByText('feast_key')).toBeInTheDocument();

    await paste(CSV);
    await userEvent.click(previewButton());

    expect(await importSection().findByText('1 new, 1 changed, 1 unchanged, 1 invalid')).toBeInTheDocument();
    expect(previewRows()).toEqual([
      ['2', '2026-04-05', 'easter_sunday', 'Easter Sunday', 'I class', 'New', ''],
      ['3', '2026-12-25', 'christmas', 'Christmas', 'I class', 'Changed', 'rank II class → I class'],
      ['4', '2026-12-08', 'immaculate_conception', 'Immaculate Conception', 'I class', 'Unchanged', ''],
      ['5', '2026-02-30', 'bad_day', 'Bad Day', 'IV class', 'Invalid', 'Please give the date as YYYY-MM-DD, from 1900 to 2200.'],
    ]);
    expect(api.bodies('POST', '/calendar-types/roman_1962_extraordinary/import/preview')).toEqual([
      { format: 'csv', content: CSV },
    ]);
    expect(importSection().getByText(/1 row is invalid/)).toBeInTheDocument();
    expect(importButton()).toBeDisabled();
    expect(api.count('POST', '/calendar-types/roman_1962_extraordinary/import')).toBe(0);
  });

  it('asks for content before previewing', async () => {
    const { api } = renderImport();
    await ready();
    await userEvent.click(previewButton());
    expect(feastsBox()).toHaveAccessibleDescription('Paste the feasts to import, or choose a file');
    expect(api.count('POST', '/calendar-types/roman_1962_extraordinary/import/preview')).toBe(0);
  });

  it('shows why a file cannot be read under the text box', async () => {
    renderImport({
      handlers: {
        'POST /calendar-types/:key/import/preview': () =>
          apiError(400, 'VALIDATION_ERROR', 'The file could not be read as JSON: unexpected end of JSON input'),
      },
    });
    await ready();
    await paste('[{"date": ');
    await userEvent.click(previewButton());
    await waitFor(() =>
      expect(feastsBox()).toHaveAccessibleDescription('The file could not be read as JSON: unexpected end of JSON input'),
    );
    expect(importSection().queryByRole('table', { name: 'Import preview' })).not.toBeInTheDocument();
  });

  it('makes a preview stale when the feasts, the format or the type change', async () => {
    renderImport({ handlers: { 'POST /calendar-types/:key/import/preview': () => json(CLEAN) } });
    await ready();
    await paste(CSV);
    await userEvent.click(previewButton());
    await waitFor(() => expect(importButton()).toBeEnabled());

    await paste('\n2026-12-25,christmas,Christmas,I class,feast');
    expect(importButton()).toBeDisabled();
    expect(importSection().getByText(/changed since this preview/)).toBeInTheDocument();
    await userEvent.click(previewButton());
    await waitFor(() => expect(importButton()).toBeEnabled());

    await userEvent.click(importSection().getByRole('combobox', { name: 'Format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'JSON' }));
    expect(importButton()).toBeDisabled();
    await userEvent.click(previewButton());
    await waitFor(() => expect(importButton()).toBeEnabled());

    await pickCalendarType('Common', /^Common Worship/);
    await waitFor(() => expect(importButton()).toBeDisabled());
    // The pasted feasts stay for the other calendar.
    expect(feastsBox()).toHaveValue(`${CSV}\n2026-12-25,christmas,Christmas,I class,feast`);
  });

  it('imports what was previewed, says how many are new and changed, clears the preview and refreshes the catalogue', async () => {
    const { api, queryClient } = renderImport(
      {
        handlers: {
          'POST /calendar-types/:key/import/preview': () => json(CLEAN),
          'POST /calendar-types/:key/import': () => json(CLEAN),
        },
      },
      `${CALENDAR_IMPORT_PATH}?calendarType=anglican_common_worship`,
    );
    await ready();
    queryClient.setQueryData(choirKeys.affiliations, []);
    const typesAsked = api.count('GET', '/reference/calendar-types');
    await userEvent.click(importSection().getByRole('combobox', { name: 'Format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ICS' }));
    await paste('BEGIN:VCALENDAR');
    await userEvent.click(previewButton());
    await waitFor(() => expect(importButton()).toBeEnabled());
    await userEvent.click(importButton());

    expect(await screen.findByText('Imported into Common Worship: 2 new, 1 changed')).toBeInTheDocument();
    expect(api.bodies('POST', '/calendar-types/anglican_common_worship/import')).toEqual(
      api.bodies('POST', '/calendar-types/anglican_common_worship/import/preview'),
    );
    expect(api.bodies('POST', '/calendar-types/anglican_common_worship/import')).toEqual([
      { format: 'ics', content: 'BEGIN:VCALENDAR' },
    ]);
    expect(importSection().queryByRole('table', { name: 'Import preview' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.count('GET', '/reference/calendar-types')).toBeGreaterThan(typesAsked));
    expect(queryClient.getQueryState(choirKeys.affiliations)?.isInvalidated).toBe(true);
  });

  it('shows the server’s message and the rows at fault when the import is refused', async () => {
    renderImport({
      handlers: {
        'POST /calendar-types/:key/import/preview': () => json(CLEAN),
        'POST /calendar-types/:key/import': () =>
          apiError(400, 'VALIDATION_ERROR', 'The import has invalid rows; nothing was imported.', {
            'line 3': 'This feast appears twice in the file for the liturgical year 2026.',
          }),
      },
    });
    await ready();
    await paste(CSV);
    await userEvent.click(previewButton());
    await waitFor(() => expect(importButton()).toBeEnabled());
    await userEvent.click(importButton());

    const alert = await importSection().findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported');
    expect(alert).toHaveTextContent('The import has invalid rows; nothing was imported.');
    expect(alert).toHaveTextContent('line 3: This feast appears twice in the file for the liturgical year 2026.');
    expect(importSection().queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('reads a chosen file into the text box and takes its format from the extension', async () => {
    renderImport();
    await ready();
    const format = importSection().getByRole('combobox', { name: 'Format' });
    expect(format).toHaveValue('CSV');
    const json = '[{"date":"2026-04-05","feast_key":"easter_sunday","name":"Easter Sunday","rank":"I class"}]';
    await userEvent.upload(importSection().getByLabelText('Feast file'), new File([json], 'roman.json', { type: 'application/json' }));
    await waitFor(() => expect(feastsBox()).toHaveValue(json));
    // The form's fields show their new values each in its own render.
    await waitFor(() => expect(format).toHaveValue('JSON'));
    expect(importSection().getByText(/cantica liturgy --format json/)).toBeInTheDocument();

    const ics = 'BEGIN:VCALENDAR\nEND:VCALENDAR\n';
    await userEvent.upload(importSection().getByLabelText('Feast file'), new File([ics], 'roman.ics', { type: 'text/calendar' }));
    await waitFor(() => expect(feastsBox()).toHaveValue(ics));
    await waitFor(() => expect(format).toHaveValue('ICS'));
  });
});

describe('CalendarImportPage: generate', () => {
  it('generates from this year − 5 to this year + 10 by default, or the years chosen', async () => {
    const year = new Date().getFullYear();
    const { api } = renderImport({
      handlers: {
        'POST /calendar-types/:key/generate': (_r, _p, body) => {
          const { fromYear, toYear } = body as { fromYear: number; toYear: number };
          return json({ years: toYear - fromYear + 1, instances: 80 * (toYear - fromYear + 1) });
        },
      },
    });
    await ready();
    const from = screen.getByRole('textbox', { name: 'From year' });
    const to = screen.getByRole('textbox', { name: 'To year' });
    expect(from).toHaveValue(String(year - 5));
    expect(to).toHaveValue(String(year + 10));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Roman Calendar (1962): 16 years generated, 1280 feast days written')).toBeInTheDocument();

    await userEvent.clear(from);
    await userEvent.type(from, '2030');
    await userEvent.clear(to);
    await userEvent.type(to, '2040');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Roman Calendar (1962): 11 years generated, 880 feast days written')).toBeInTheDocument();
    expect(api.bodies('POST', '/calendar-types/roman_1962_extraordinary/generate')).toEqual([
      { fromYear: year - 5, toYear: year + 10 },
      { fromYear: 2030, toYear: 2040 },
    ]);
  });

  it('refuses a range the server would refuse, without asking it, and shows a refusal it gives', async () => {
    const { api } = renderImport({
      handlers: {
        'POST /calendar-types/:key/generate': () => apiError(403, 'PERMISSION_ERROR', 'Only global admins may generate feasts.'),
      },
    });
    await ready();
    const from = screen.getByRole('textbox', { name: 'From year' });
    await userEvent.clear(from);
    await userEvent.type(from, '1950');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const to = screen.getByRole('textbox', { name: 'To year' });
    expect(to).toHaveAccessibleDescription('Please choose years from 1900 to 2200, at most 50 at once.');
    expect(to).toBeInvalid();
    expect(api.count('POST', '/calendar-types/roman_1962_extraordinary/generate')).toBe(0);

    await userEvent.clear(from);
    await userEvent.type(from, '2000');
    expect(to).not.toHaveAccessibleDescription('Please choose years from 1900 to 2200, at most 50 at once.');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Only global admins may generate feasts.')).toBeInTheDocument();
  });
});

describe('CalendarImportPage: publishing', () => {
  it('publishes an unpublished calendar, and unpublishes it after asking', async () => {
    const { api } = renderImport({}, `${CALENDAR_IMPORT_PATH}?calendarType=anglican_common_worship`);
    const section = within(await screen.findByRole('region', { name: 'Publishing' }));
    expect(section.getByText('Unpublished calendars are hidden from everyone but global admins.', { exact: false })).toBeInTheDocument();
    expect(section.getByText('Unpublished')).toBeInTheDocument();
    expect(section.getByText(/has no feasts yet/)).toBeInTheDocument();
    const typeSelect = screen.getByRole('combobox', { name: 'Calendar type' });
    expect(typeSelect).toHaveAccessibleDescription('Unpublished: hidden from everyone but global admins.');

    await userEvent.click(section.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Common Worship published')).toBeInTheDocument();
    await waitFor(() => expect(section.getByText('Published')).toBeInTheDocument());
    expect(typeSelect).toHaveAccessibleDescription('Published: choirs that follow it see its feasts.');

    await userEvent.click(section.getByRole('button', { name: 'Unpublish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unpublish Common Worship?' }));
    // What happens to choirs, as the server does it: no feasts for them, but
    // their tradition stays chosen (no promise that no choir can choose it).
    expect(
      dialog.getByText(
        'Only global admins will see it. Choirs that follow it will no longer see its feasts, or be able to choose them for recurring events, until it is published again.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByText(/no choir can choose it/)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Common Worship unpublished')).toBeInTheDocument();
    await waitFor(() => expect(section.getByText('Unpublished')).toBeInTheDocument());
    expect(api.bodies('PUT', '/calendar-types/anglican_common_worship/published')).toEqual([
      { published: true },
      { published: false },
    ]);
  });

  it('leaves the calendar published when the unpublishing is cancelled', async () => {
    const { api } = renderImport();
    const section = within(await screen.findByRole('region', { name: 'Publishing' }));
    expect(section.getByText('Published')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Unpublish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unpublish Roman Calendar (1962)?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count('PUT', '/calendar-types/roman_1962_extraordinary/published')).toBe(0);
    expect(section.getByText('Published')).toBeInTheDocument();
  });
});
