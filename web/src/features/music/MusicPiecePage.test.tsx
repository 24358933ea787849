import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, deferred, json } from '../../test/api';
import { createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes';
import { renderWithProviders, resetToasts } from '../../test/render';
import { LEAVE_QUESTION } from './MusicPiecePage';
import {
  fakeUploads,
  MAX_UPLOAD_BYTES,
  piece,
  RECORDING,
  renderPiece,
  SCORE,
  servePiece,
  SOPRANO,
} from './pieceTesting';

vi.setConfig({ testTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const fieldValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('MusicPiecePage', () => {
  it('is the page of /dashboard/music/{id} in the app, inside the shell', async () => {
    servePiece({ role: 'member' });
    resetToasts();
    renderWithProviders(createMemoryRouter(routes, { initialEntries: ['/dashboard/music/m1'] }));
    await heading('Ave verum corpus');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('shows a skeleton of the page while the piece loads', async () => {
    const held = deferred<Response>();
    servePiece({ handlers: { 'GET /choirs/:choirId/music/:musicId': () => held.promise } });
    renderPiece();
    expect(await screen.findByRole('status', { name: 'Loading music piece' })).toBeInTheDocument();
    held.resolve(json(piece()));
    await heading('Ave verum corpus');
    expect(screen.queryByRole('status', { name: 'Loading music piece' })).not.toBeInTheDocument();
  });

  it('shows every field the piece has and leaves out the empty ones', async () => {
    servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    expect(screen.getByText('K. 618')).toBeInTheDocument();
    expect(fieldValue('Composer')).toBe('Wolfgang Amadeus Mozart (1756–1791)');
    expect(fieldValue('Period')).toBe('Classical');
    expect(fieldValue('Library number')).toBe('42');
    expect(fieldValue('Type')).toBe('Motet');
    expect(fieldValue('Language')).toBe('Latin');
    expect(fieldValue('Duration')).toBe('1h 15min');
    expect(fieldValue('Rehearsal difficulty')).toBe('Moderate (5/10)');
    expect(fieldValue('Voicings')).toBe('SATB (primary)SSA');
    expect(fieldValue('Tags')).toBe('Eucharist');
    for (const empty of ['Arranger', 'Lyricist', 'Category', 'Transposition', 'Copyright']) {
      expect(screen.queryByText(empty, { selector: 'dt' })).not.toBeInTheDocument();
    }
  });

  it('shows the feasts and seasons the piece is sung for', async () => {
    servePiece({
      handlers: {
        'GET /choirs/:choirId/music/:musicId/liturgy': () =>
          json({ feasts: [{ feastKey: 'corpus_christi', name: 'Corpus Christi' }], seasons: [{ key: 'easter', name: 'Easter' }] }),
      },
    });
    renderPiece();
    await heading('Ave verum corpus');
    const sungFor = within(screen.getByRole('region', { name: 'Sung for' }));
    expect(await sungFor.findByText('Corpus Christi')).toBeInTheDocument();
    expect(sungFor.getByText('Easter')).toBeInTheDocument();
  });

  it('names the library’s composer beside a name written otherwise', async () => {
    const record = piece().composerRecord!;
    servePiece({ piece: piece({ composer: 'W. A. Mozart', composerRecord: { ...record, deathYear: null } }) });
    renderPiece();
    await heading('Ave verum corpus');
    expect(fieldValue('Composer')).toBe('W. A. Mozart (Wolfgang Amadeus Mozart, born 1756)');
  });

  it('says when the piece is not in the library, with a way back', async () => {
    servePiece({ piece: null });
    renderPiece('gone');
    await heading('Music piece not found');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the music library' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/music');
  });

  it('offers to try again when the piece cannot load', async () => {
    let fail = true;
    servePiece({
      handlers: {
        'GET /choirs/:choirId/music/:musicId': () => (fail ? apiError(500, 'INTERNAL', 'boom') : json(piece())),
      },
    });
    renderPiece();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to load your music library. Please refresh the page and try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Ave verum corpus');
  });

  it('lets a member read, play and download, and nothing more', async () => {
    servePiece({ role: 'member' });
    renderPiece();
    await heading('Ave verum corpus');
    const recording = screen.getByRole('article', { name: RECORDING.fileName });
    const player = within(recording).getByLabelText(`Play ${RECORDING.fileName}`);
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', '/api/v1/choirs/c1/music/m1/attachments/a2/file');
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(within(recording).getByText('Cathedral choir, 2019')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: SOPRANO.fileName })).getByText('Soprano 1')).toBeInTheDocument();
    const score = screen.getByRole('article', { name: SCORE.fileName });
    expect(within(score).queryByLabelText(/^Play/)).not.toBeInTheDocument();
    expect(within(score).getByText('(1.5 MB)')).toBeInTheDocument();
    expect(within(score).getByRole('link', { name: `Download ${SCORE.fileName}` })).toHaveAttribute(
      'href',
      '/api/v1/choirs/c1/music/m1/attachments/a1/file?download=true',
    );
    for (const name of ['Archive', 'Delete', 'Choose files', `Edit ${SCORE.fileName}`, `Delete ${SCORE.fileName}`]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('archives and restores a piece', async () => {
    const api = servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/music/m1/archive')).toBe(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText('Archived')).not.toBeInTheDocument());
    expect(api.count('POST', '/choirs/c1/music/m1/restore')).toBe(1);
  });

  it('deletes a piece only after asking, then goes back to the library', async () => {
    const api = servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete music piece' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count('DELETE', '/choirs/c1/music/m1')).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete music piece' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard\/music$/);
    expect(api.count('DELETE', '/choirs/c1/music/m1')).toBe(1);
  });

  it('asks before leaving with unsaved changes in the edit form', async () => {
    servePiece();
    const { router } = renderPiece();
    await heading('Ave verum corpus');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit music' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveValue('Ave verum corpus'));
    await userEvent.type(title, ' (Mozart)');

    void router.navigate('/dashboard/music');
    const question = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(question).toHaveTextContent(LEAVE_QUESTION);
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/music/m1');
    expect(title).toHaveValue('Ave verum corpus (Mozart)');

    void router.navigate('/dashboard/music');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard\/music$/);
  });

  it('leaves without asking when nothing is unsaved', async () => {
    servePiece();
    const { router } = renderPiece();
    await heading('Ave verum corpus');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit music' });
    void router.navigate('/dashboard/music');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard\/music$/);
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
  });

  it('changes a file’s details and deletes a file after asking', async () => {
    const api = servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.click(screen.getByRole('button', { name: `Edit ${RECORDING.fileName}` }));
    const form = await screen.findByRole('dialog', { name: 'Edit file details' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Part recording' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name the part this recording is of, such as "Soprano 1".')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Part name' }), 'Tenor');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit file details' })).not.toBeInTheDocument());
    expect(api.bodies('PATCH', '/choirs/c1/music/m1/attachments/a2')).toEqual([
      { type: 'audio_part', description: 'Cathedral choir, 2019', customPartName: 'Tenor' },
    ]);
    expect(await within(screen.getByRole('article', { name: RECORDING.fileName })).findByText('Tenor')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Delete ${SCORE.fileName}` }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete file' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: SCORE.fileName })).not.toBeInTheDocument());
  });
});

describe('replacing a file', () => {
  it('sends the new file in the old one’s place with its progress, and says why a refused one was not taken', async () => {
    const sent = fakeUploads();
    const api = servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    const score = screen.getByRole('article', { name: SCORE.fileName });
    const replacement = new File(['%PDF-1.7'], 'ave-verum-v2.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(score).getByLabelText(`Replace file ${SCORE.fileName}`, { selector: 'input' }), replacement);
    expect(sent[0].method).toBe('PUT');
    expect(sent[0].url).toBe('/api/v1/choirs/c1/music/m1/attachments/a1/file');
    expect((sent[0].body!.get('file') as File).name).toBe('ave-verum-v2.pdf');
    sent[0].progress(3, 4);
    await waitFor(() =>
      expect(within(score).getByRole('progressbar', { name: `Replacing ${SCORE.fileName}` })).toHaveAttribute('aria-valuenow', '75'),
    );
    const reads = api.count('GET', '/choirs/c1/music/m1');
    sent[0].respond(200, { ...SCORE, fileName: 'ave-verum-v2.pdf' });
    await waitFor(() => expect(api.count('GET', '/choirs/c1/music/m1')).toBe(reads + 1));

    await userEvent.upload(within(score).getByLabelText(`Replace file ${SCORE.fileName}`, { selector: 'input' }), replacement);
    sent[1].respond(415, { code: 'UNSUPPORTED_FILE', message: 'A score must be a PDF or MusicXML file.' });
    expect(await within(score).findByRole('alert')).toHaveTextContent('A score must be a PDF or MusicXML file.');

    // A file over the server's limit is refused before it is sent.
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'ave-verum-scan.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(score).getByLabelText(`Replace file ${SCORE.fileName}`, { selector: 'input' }), big);
    expect(await within(score).findByText('This file is larger than the 1 MB limit. Please choose a smaller file.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });
});

describe('AttachmentUploader', () => {
  const pdf = new File(['%PDF-1.4'], 'gloria.pdf', { type: 'application/pdf' });
  const mp3 = new File(['ID3'], 'gloria-alto.mp3', { type: 'audio/mpeg' });

  it('uploads the files as soon as they are chosen, each with its type, progress and answer, then shows them', async () => {
    const sent = fakeUploads();
    const api = servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.upload(screen.getByLabelText('Choose files', { selector: 'input' }), [pdf, mp3]);

    // No second step: both went, each with the type its name says.
    expect(sent).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Upload all' })).not.toBeInTheDocument();
    const pdfRow = screen.getByRole('group', { name: 'gloria.pdf' });
    const mp3Row = screen.getByRole('group', { name: 'gloria-alto.mp3' });
    const [pdfXhr, mp3Xhr] = sent;
    expect(pdfXhr.url).toBe('/api/v1/choirs/c1/music/m1/attachments');
    expect(Object.fromEntries([...pdfXhr.body!.entries()].filter(([k]) => k !== 'file'))).toEqual({
      type: 'score',
      description: '',
      customPartName: '',
    });
    expect(mp3Xhr.body!.get('type')).toBe('audio_full');

    pdfXhr.progress(40, 100);
    const bar = await within(pdfRow).findByRole('progressbar', { name: 'Uploading gloria.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(mp3Row).getByRole('progressbar', { name: 'Uploading gloria-alto.mp3' })).toBeInTheDocument();

    const reads = api.count('GET', '/choirs/c1/music/m1');
    pdfXhr.respond(201, { id: 'a9' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'gloria.pdf' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.count('GET', '/choirs/c1/music/m1')).toBe(reads + 1));

    // The same file would be refused again: it is not offered again.
    mp3Xhr.respond(413, { code: 'FILE_TOO_LARGE', message: 'Files can be at most 100 MB.' });
    expect(await within(mp3Row).findByRole('alert')).toHaveTextContent('Files can be at most 100 MB.');
    expect(within(mp3Row).queryByRole('button', { name: /upload gloria-alto.mp3/i })).not.toBeInTheDocument();
    expect(within(mp3Row).getByRole('button', { name: 'Remove gloria-alto.mp3' })).toBeInTheDocument();
  });

  it('says why one file failed and sends it again, as a part recording, while the others go on', async () => {
    const sent = fakeUploads();
    servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.upload(screen.getByLabelText('Choose files', { selector: 'input' }), [pdf, mp3]);
    const [, mp3Xhr] = sent;
    mp3Xhr.respond(500, { code: 'INTERNAL', message: 'Something went wrong.' });
    const mp3Row = screen.getByRole('group', { name: 'gloria-alto.mp3' });
    expect(await within(mp3Row).findByRole('alert')).toBeInTheDocument();
    // The score still goes.
    expect(within(screen.getByRole('group', { name: 'gloria.pdf' })).getByRole('progressbar')).toBeInTheDocument();

    // A part recording names its part before it goes again.
    await userEvent.click(within(mp3Row).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Part recording' }));
    await userEvent.click(within(mp3Row).getByRole('button', { name: 'Try again to upload gloria-alto.mp3' }));
    expect(within(mp3Row).getByText('Name the part this recording is of, such as "Soprano 1".')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    await userEvent.type(within(mp3Row).getByRole('textbox', { name: 'Part name' }), 'Alto');
    await userEvent.click(within(mp3Row).getByRole('button', { name: 'Try again to upload gloria-alto.mp3' }));
    expect(sent).toHaveLength(3);
    expect(sent[2].body!.get('type')).toBe('audio_part');
    expect(sent[2].body!.get('customPartName')).toBe('Alto');
  });

  it('refuses a file over the server’s limit before sending it, in the server’s words', async () => {
    const sent = fakeUploads();
    servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'concert.wav', { type: 'audio/wav' });
    const fits = new File([new Uint8Array(MAX_UPLOAD_BYTES)], 'rehearsal.wav', { type: 'audio/wav' });
    // The limit comes from the server, which the area states.
    expect(await screen.findByText('Each file up to 1 MB.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose files', { selector: 'input' }), [big, fits]);
    const bigRow = screen.getByRole('group', { name: 'concert.wav' });
    expect(within(bigRow).getByRole('alert')).toHaveTextContent('This file is larger than the 1 MB limit. Please choose a smaller file.');
    expect(within(bigRow).queryByRole('button', { name: /upload concert.wav/i })).not.toBeInTheDocument();
    // The one that fits went on its own.
    expect(sent).toHaveLength(1);
    expect((sent[0].body!.get('file') as File).name).toBe('rehearsal.wav');
  });

  it('says a file’s content is not what its name says, and offers it again only under another type', async () => {
    const sent = fakeUploads();
    servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    const page = new File(['<!DOCTYPE html><html>'], 'gloria.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Choose files', { selector: 'input' }), [page]);
    const row = screen.getByRole('group', { name: 'gloria.pdf' });
    sent[0].respond(415, { code: 'UNSUPPORTED_FILE', message: 'This file is not a PDF: its content is a web page (HTML).' });
    expect(await within(row).findByRole('alert')).toHaveTextContent('This file is not a PDF: its content is a web page (HTML).');
    expect(within(row).queryByRole('button', { name: /upload gloria.pdf/i })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other' }));
    expect(within(row).getByRole('button', { name: 'Upload gloria.pdf' })).toBeInTheDocument();
  });

  it('cancels an upload and says an unsupported file is refused', async () => {
    const sent = fakeUploads();
    servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.upload(screen.getByLabelText('Choose files', { selector: 'input' }), [pdf]);
    const row = screen.getByRole('group', { name: 'gloria.pdf' });
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel upload of gloria.pdf' }));
    expect(sent[0].aborted).toBe(true);
    expect(await within(row).findByText('Upload cancelled.')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Upload gloria.pdf' }));
    sent[1].respond(415, { code: 'UNSUPPORTED_FILE', message: 'This file is not a PDF, recording, MusicXML or MIDI file.' });
    expect(await within(row).findByRole('alert')).toHaveTextContent('This file is not a PDF, recording, MusicXML or MIDI file.');
  });

  it('takes files dropped on the area', async () => {
    fakeUploads();
    servePiece();
    renderPiece();
    await heading('Ave verum corpus');
    const area = screen.getByRole('group', { name: 'Add files' });
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.drop(area, { dataTransfer: { files: [mp3] } });
    expect(await screen.findByRole('group', { name: 'gloria-alto.mp3' })).toBeInTheDocument();
  });
});

describe('Email practice link', () => {
  it('sends the piece’s practice link to the choir, for an administrator', async () => {
    const api = servePiece({
      handlers: {
        'GET /choirs/:choirId/musical-roles': () => json([]),
        'POST /choirs/:choirId/music/:musicId/email': () => json({ recipients: 8, copyToSender: false }),
      },
    });
    renderPiece();
    await heading('Ave verum corpus');
    await userEvent.click(screen.getByRole('button', { name: 'Email practice link' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Email practice link' }));
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 8 members')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/music/m1/email')).toEqual([{ note: '', copyToSender: false }]);
  });

  it('is not offered to a member', async () => {
    servePiece({ role: 'member' });
    renderPiece();
    await heading('Ave verum corpus');
    expect(screen.queryByRole('button', { name: 'Email practice link' })).not.toBeInTheDocument();
  });

  it('is not offered for an archived piece', async () => {
    servePiece({ piece: piece({ isArchived: true }) });
    renderPiece();
    await heading('Ave verum corpus');
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email practice link' })).not.toBeInTheDocument();
  });
});
