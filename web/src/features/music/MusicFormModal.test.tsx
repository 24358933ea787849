import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '../../test/render';
import type { MusicInput, MusicPiece } from './api';
import { MusicFormModal, UNSAVED_CHANGES_MESSAGE } from './MusicFormModal';
import { COMPOSER_UNANSWERED, TITLE_REQUIRED } from './musicForm';
import {
  apiError,
  CHRISTMAS,
  deferred,
  JC_BACH,
  JS_BACH,
  json,
  pieceOf,
  renderPage,
  resolution,
  SATB,
  serveMusic,
  SSA,
  type MusicServer,
} from './testing';

const toasts = spyOnToasts();

function renderForm(server: MusicServer = {}, piece?: MusicPiece) {
  const api = serveMusic(server);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = renderPage(
    '/dashboard/music',
    <MusicFormModal opened onClose={onClose} onSaved={onSaved} piece={piece} />,
  );
  return { api, onClose, onSaved, ...view };
}

const form = () => screen.getByRole('form', { name: /music/i });
const field = (name: string | RegExp) => within(form()).getByRole('textbox', { name });

async function typeTitleAndComposer(title: string, composer: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), title);
  if (composer) await userEvent.type(field('Composer'), composer);
}

const created = (api: ReturnType<typeof serveMusic>) => api.bodies('POST', '/choirs/c1/music') as MusicInput[];

async function save(label = 'Add music') {
  await userEvent.click(within(form()).getByRole('button', { name: label }));
}

describe('MusicFormModal', () => {
  it('asks for a title before sending anything', async () => {
    const { api } = renderForm();
    await screen.findByRole('textbox', { name: /^Title/ });
    await save();
    expect(await screen.findByText(TITLE_REQUIRED)).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/music')).toBe(0);
  });

  it('sends every field, with transposition 0 by default, and suggests the next free number', async () => {
    const { api, onSaved } = renderForm();
    await typeTitleAndComposer('Ave Maria', '');
    await userEvent.click(await screen.findByRole('button', { name: 'Use next free number 13' }));
    await userEvent.type(field('Subtitle'), 'for Advent');
    await userEvent.type(field('Language'), 'Latin');
    await userEvent.click(within(form()).getByRole('combobox', { name: 'Voicings' }));
    await userEvent.click(await screen.findByRole('option', { name: SATB.name }));
    await userEvent.click(await screen.findByRole('option', { name: SSA.name }));
    await userEvent.type(within(form()).getByRole('textbox', { name: 'Duration (minutes)' }), '4');
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0]).toMatchObject({
      title: 'Ave Maria',
      subtitle: 'for Advent',
      number: '13',
      language: 'Latin',
      composer: '',
      composerId: null,
      durationMinutes: 4,
      rehearsalWeighting: null,
      transpositionSemitones: 0,
      typeId: null,
      tagIds: [],
      voicings: [
        { voicingId: SATB.id, isPrimary: true },
        { voicingId: SSA.id, isPrimary: false },
      ],
    });
    expect(created(api)[0]).not.toHaveProperty('newComposer');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'm-new' })));
  });

  it('says a new composer will be added for a name it does not know, and sends newComposer', async () => {
    const { api } = renderForm({ match: () => resolution({ recommendation: 'create_new', confidence: 0.5 }) });
    await typeTitleAndComposer('Lux aurumque', 'Eric Whitacre');
    expect(await screen.findByText('A new composer will be added.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0]).toMatchObject({ composer: 'Eric Whitacre', composerId: null, newComposer: true });
  });

  it('asks "same composer?" for a likely match, and sends the composer confirmed', async () => {
    const { api } = renderForm({
      match: () =>
        resolution({ recommendation: 'confirm_match', confidence: 0.9, matches: [{ composer: JS_BACH, score: 0.9, kind: 'abbreviation' }] }),
    });
    await typeTitleAndComposer('Jesu', 'JS Bach');
    expect(await screen.findByText('Johann Sebastian Bach — same composer?')).toBeInTheDocument();

    // Unanswered, the question stops the save: a likely match is never taken silently.
    await save();
    expect(await screen.findByText(COMPOSER_UNANSWERED)).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/music')).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByText('Johann Sebastian Bach', { selector: 'strong' })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0]).toMatchObject({ composer: 'JS Bach', composerId: JS_BACH.id });
    expect(created(api)[0]).not.toHaveProperty('newComposer');
  });

  it('sends newComposer when the person says the likely match is someone else', async () => {
    const { api } = renderForm({
      match: () =>
        resolution({ recommendation: 'confirm_match', confidence: 0.85, matches: [{ composer: JS_BACH, score: 0.85, kind: 'surname' }] }),
    });
    await typeTitleAndComposer('Sinfonia', 'J.C. Bach');
    await userEvent.click(await screen.findByRole('button', { name: "No, it's someone else" }));
    expect(screen.getByText('A new composer will be added.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0]).toMatchObject({ composerId: null, newComposer: true });
  });

  it('takes a sure match as chosen, and lets the person undo it', async () => {
    const { api } = renderForm({
      match: () =>
        resolution({ recommendation: 'auto_match', confidence: 1, matches: [{ composer: JS_BACH, score: 1, kind: 'exact' }] }),
    });
    await typeTitleAndComposer('Jesu', 'Johann Sebastian Bach');
    const matched = await screen.findByText(/Matched to/);
    expect(matched).toHaveTextContent('Matched to Johann Sebastian Bach in your library.');
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0]).toMatchObject({ composerId: JS_BACH.id });

    await userEvent.click(screen.getByRole('button', { name: "No, it's someone else" }));
    expect(screen.getByText('A new composer will be added.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show suggestions' }));
    expect(screen.getByText(/Matched to/)).toBeInTheDocument();
  });

  it('lists the candidates to pick from when several composers could be meant', async () => {
    const { api } = renderForm({
      match: () =>
        resolution({
          recommendation: 'manual_select',
          confidence: 0.75,
          matches: [
            { composer: JS_BACH, score: 0.75, kind: 'surname' },
            { composer: JC_BACH, score: 0.74, kind: 'surname' },
          ],
        }),
    });
    await typeTitleAndComposer('Motet', 'Bach');
    expect(await screen.findByText('Several composers in your library could be this one. Which is it?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "None of these, it's someone else" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: JC_BACH.name }));
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0]).toMatchObject({ composerId: JC_BACH.id });
  });

  describe('saved before the composer match has answered', () => {
    const MICHAEL_HAYDN_TYPED = 'Michael Haydn';
    const JOSEPH_HAYDN = { id: 'co-jh', name: 'Joseph Haydn', canonicalName: 'Haydn', aliases: [] };

    /** Types the composer and presses Enter at once, the match's answer held back until released. */
    async function saveBeforeTheAnswer(answer: ReturnType<typeof resolution>) {
      const held = deferred<Response>();
      const view = renderForm({ handlers: { 'GET /choirs/:choirId/composers/match': () => held.promise } });
      await userEvent.click(await screen.findByRole('textbox', { name: /^Title/ }));
      await userEvent.paste('Requiem');
      await userEvent.click(field('Composer'));
      await userEvent.paste(MICHAEL_HAYDN_TYPED);
      await userEvent.keyboard('{Enter}');
      // Nothing is sent while the answer is awaited: the server would apply its own rule.
      await waitFor(() => expect(view.api.count('GET', '/choirs/c1/composers/match')).toBeGreaterThan(0));
      expect(view.api.count('POST', '/choirs/c1/music')).toBe(0);
      held.resolve(json(answer));
      return view;
    }

    it('sends a new composer when the answer is someone new', async () => {
      const { api } = await saveBeforeTheAnswer(resolution({ recommendation: 'create_new', confidence: 0.9 }));
      await waitFor(() => expect(created(api)).toHaveLength(1));
      expect(created(api)[0]).toMatchObject({ composer: MICHAEL_HAYDN_TYPED, composerId: null, newComposer: true });
    });

    it('sends the composer of a sure match', async () => {
      const { api } = await saveBeforeTheAnswer(
        resolution({ recommendation: 'auto_match', confidence: 1, matches: [{ composer: JOSEPH_HAYDN, score: 1, kind: 'exact' }] }),
      );
      await waitFor(() => expect(created(api)).toHaveLength(1));
      expect(created(api)[0]).toMatchObject({ composerId: JOSEPH_HAYDN.id });
      expect(created(api)[0]).not.toHaveProperty('newComposer');
    });

    it('asks instead of saving when the answer is a question', async () => {
      const { api } = await saveBeforeTheAnswer(
        resolution({ recommendation: 'confirm_match', confidence: 0.85, matches: [{ composer: JOSEPH_HAYDN, score: 0.85, kind: 'fuzzy' }] }),
      );
      expect(await screen.findByText(COMPOSER_UNANSWERED)).toBeInTheDocument();
      expect(await screen.findByText('Joseph Haydn — same composer?')).toBeInTheDocument();
      expect(api.count('POST', '/choirs/c1/music')).toBe(0);
    });
  });

  it('offers the famous spelling of a name, which fills the field in', async () => {
    const tchaikovsky = {
      name: 'Pyotr Ilyich Tchaikovsky',
      canonicalName: 'Tchaikovsky',
      aliases: ['Tschaikowsky', 'Chaikovsky'],
      period: 'Romantic' as const,
      birthYear: 1840,
      deathYear: 1893,
      nationality: 'Russian',
    };
    renderForm({
      match: (name) =>
        resolution({
          recommendation: 'create_new',
          confidence: 0.9,
          famous: tchaikovsky,
          famousSuggestions: name === tchaikovsky.name ? [] : [tchaikovsky],
        }),
    });
    await typeTitleAndComposer('Legend', 'Tschaikowsky');
    expect(await screen.findByText('A new composer will be added: Pyotr Ilyich Tchaikovsky (Romantic, 1840–1893).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: tchaikovsky.name }));
    expect(field('Composer')).toHaveValue(tchaikovsky.name);
  });

  it('promises no famous details for someone else than the famous composer the library has', async () => {
    const bach = {
      name: 'Johann Sebastian Bach',
      canonicalName: 'J.S. Bach',
      aliases: ['Bach'],
      period: 'Baroque' as const,
      birthYear: 1685,
      deathYear: 1750,
      nationality: 'German',
    };
    renderForm({
      match: () =>
        resolution({ recommendation: 'auto_match', confidence: 0.95, famous: bach, matches: [{ composer: JS_BACH, score: 0.95, kind: 'alias' }] }),
    });
    await typeTitleAndComposer('Cantata', 'Bach');
    await userEvent.click(await screen.findByRole('button', { name: "No, it's someone else" }));
    expect(screen.getByText('A new composer will be added.')).toBeInTheDocument();
  });

  it('creates a tag on the fly with the default colour and picks it', async () => {
    const advent = { id: 't-advent', name: 'Advent', color: '#3b82f6', musicCount: 0 };
    const { api } = renderForm({ handlers: { 'POST /choirs/:choirId/tags': () => json(advent, 201) } });
    await typeTitleAndComposer('Veni', '');
    await userEvent.type(field('New tag'), 'Advent');
    await userEvent.click(screen.getByRole('button', { name: 'Create tag' }));
    await waitFor(() => expect(api.bodies('POST', '/choirs/c1/tags')).toEqual([{ name: 'Advent', color: '#3b82f6' }]));
    await waitFor(() => expect(field('New tag')).toHaveValue(''));
    await save();
    await waitFor(() => expect(created(api)).toHaveLength(1));
    expect(created(api)[0].tagIds).toEqual([advent.id]);
  });

  it("shows the server's duplicate message under the new tag", async () => {
    const message = `A tag named "${CHRISTMAS.name}" already exists in this choir.`;
    renderForm({ handlers: { 'POST /choirs/:choirId/tags': () => apiError(409, 'DUPLICATE_NAME', message) } });
    await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.type(field('New tag'), 'christmas{Enter}');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes, and closes at once without', async () => {
    const { onClose } = renderForm();
    await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks the unsaved-changes question, and keeps the form when the person stays', async () => {
    const { onClose } = renderForm();
    await typeTitleAndComposer('Ubi caritas', '');
    await userEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(question).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(field(/^Title/)).toHaveValue('Ubi caritas');

    await userEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says the save failed and puts the server's details under the fields", async () => {
    const { onSaved } = renderForm({
      handlers: {
        'POST /choirs/:choirId/music': () =>
          apiError(409, 'DUPLICATE_NUMBER', 'Library number 7 is already used by "Ave verum corpus".', {
            number: 'Library number 7 is already used by "Ave verum corpus".',
          }),
      },
    });
    await typeTitleAndComposer('Ave', '');
    await userEvent.type(field('Library number'), '7');
    await save();
    expect(await screen.findByText('Library number 7 is already used by "Ave verum corpus".')).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Unable to save changes to music piece. Please try again.', color: 'red' }),
      ),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits a piece: starts from its fields and saves the whole piece with PUT', async () => {
    const piece = pieceOf({
      id: 'm1',
      title: 'Jesu, meine Freude',
      composer: 'Johann Sebastian Bach',
      composerId: JS_BACH.id,
      composerRecord: JS_BACH,
      number: '12',
      tags: [CHRISTMAS],
      voicings: [{ voicingId: SATB.id, name: 'SATB', numDistinctParts: 4, isPrimary: true }],
      transpositionSemitones: -2,
    });
    const { api } = renderForm(
      { handlers: { 'PUT /choirs/:choirId/music/:musicId': (_r, _p, body) => json({ ...piece, ...(body as object) }) } },
      piece,
    );
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('Jesu, meine Freude');
    expect(screen.getByText('Johann Sebastian Bach', { selector: 'strong' })).toBeInTheDocument();
    await userEvent.type(field('Subtitle'), 'BWV 227');
    await save('Save changes');
    await waitFor(() => expect(api.bodies('PUT', '/choirs/c1/music/m1')).toHaveLength(1));
    expect(api.bodies('PUT', '/choirs/c1/music/m1')[0]).toMatchObject({
      title: 'Jesu, meine Freude',
      subtitle: 'BWV 227',
      composerId: JS_BACH.id,
      number: '12',
      tagIds: [CHRISTMAS.id],
      voicings: [{ voicingId: SATB.id, isPrimary: true }],
      transpositionSemitones: -2,
    });
    // The library numbers are a new piece's suggestion only.
    expect(api.count('GET', '/choirs/c1/music/numbers')).toBe(0);
  });
});
