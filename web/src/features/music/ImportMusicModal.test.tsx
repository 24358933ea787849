import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicImportPreview } from './api';
import { CSV_REQUIRED, ImportMusicModal } from './ImportMusicModal';
import { apiError, JS_BACH, json, renderPage, serveMusic, type Handler } from './testing';

const CSV = 'title,composer,number\nJesu,JS Bach,1\n,Mozart,2\nAve,Mozart,3\n';

const WITH_BAD_ROWS: MusicImportPreview = {
  valid: 2,
  invalid: 1,
  rows: [
    {
      line: 2,
      title: 'Jesu',
      number: '1',
      outcome: 'create',
      message: '',
      composer: {
        input: 'JS Bach',
        recommendation: 'confirm_match',
        confidence: 0.9,
        candidates: [{ composer: JS_BACH, score: 0.9, kind: 'abbreviation' }],
      },
    },
    { line: 3, title: '', number: '2', outcome: 'error', message: 'Title is required' },
    {
      line: 4,
      title: 'Ave',
      number: '3',
      outcome: 'create',
      message: '',
      composer: { input: 'Mozart', recommendation: 'create_new', confidence: 0.9 },
    },
  ],
};

const ALL_GOOD: MusicImportPreview = { ...WITH_BAD_ROWS, valid: 2, invalid: 0, rows: [WITH_BAD_ROWS.rows[0], WITH_BAD_ROWS.rows[2]] };

function renderImport(handlers: Record<string, Handler>) {
  const api = serveMusic({ handlers });
  const onClose = vi.fn();
  return { api, onClose, ...renderPage('/dashboard/music', <ImportMusicModal choirId="c1" opened onClose={onClose} />) };
}

async function preview(csv = CSV) {
  const box = await screen.findByRole('textbox', { name: 'CSV' });
  await userEvent.click(box);
  await userEvent.paste(csv);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ImportMusicModal', () => {
  it('asks for the CSV before previewing', async () => {
    const { api } = renderImport({});
    await screen.findByRole('textbox', { name: 'CSV' });
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(CSV_REQUIRED)).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/music/import/preview')).toBe(0);
  });

  it("shows every row's outcome, the bad rows with why, and imports nothing while any row is bad", async () => {
    const { api } = renderImport({ 'POST /choirs/:choirId/music/import/preview': () => json(WITH_BAD_ROWS) });
    await preview();
    expect(await screen.findByText('2 rows ready to import, 1 row with errors')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/music/import/preview')).toEqual([{ csv: CSV }]);
    const table = screen.getByRole('table', { name: 'Import preview' });
    const bad = within(table).getByRole('row', { name: /^3/ });
    expect(within(bad).getByText('Error')).toBeInTheDocument();
    expect(within(bad).getByText('Title is required')).toBeInTheDocument();
    expect(within(table).getAllByText('Ready')).toHaveLength(2);
    expect(screen.getByText('Nothing is imported while any row has an error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 pieces' })).toBeDisabled();
  });

  it('asks to confirm a likely composer, then imports with the choices made', async () => {
    const { api, onClose } = renderImport({
      'POST /choirs/:choirId/music/import/preview': () => json(ALL_GOOD),
      'POST /choirs/:choirId/music/import': () => json({ created: 2, composersCreated: 1 }),
    });
    await preview();
    const bach = await screen.findByRole('combobox', { name: 'JS Bach (line 2)' });
    expect(screen.getByText('Johann Sebastian Bach — same composer?')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mozart (line 4)' })).toHaveValue('A new composer: Mozart');
    // Undecided, the likely match holds the import back.
    expect(screen.getByRole('button', { name: 'Import 2 pieces' })).toBeDisabled();

    await userEvent.click(bach);
    await userEvent.click(await screen.findByRole('option', { name: 'Johann Sebastian Bach (in your library)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 pieces' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/choirs/c1/music/import')).toEqual([
        {
          csv: CSV,
          composerChoices: [
            { line: 2, composerId: JS_BACH.id },
            { line: 4, composerId: 'new' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('2 pieces imported, 1 new composer.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal per line when the import is refused", async () => {
    renderImport({
      'POST /choirs/:choirId/music/import/preview': () =>
        json({ ...ALL_GOOD, rows: [ALL_GOOD.rows[1]], valid: 1 }),
      'POST /choirs/:choirId/music/import': () =>
        apiError(400, 'VALIDATION_ERROR', 'The file has errors', { 'line 4': 'Library number 3 is already used by "Ave".' }),
    });
    await preview();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 1 piece' }));
    expect(await screen.findByText('line 4: Library number 3 is already used by "Ave".')).toBeInTheDocument();
  });
});
