import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { attachment, piece, renderPiece, SCORE, servePiece, stubObjectUrls } from '../pieceTesting';

vi.setConfig({ testTimeout: 15000 });

// jsdom draws no PDF: a score of four pages that draws nothing.
vi.mock('./pdf', () => ({
  openPdf: vi.fn(async () => ({
    numPages: 4,
    destroy: async () => {},
    getPage: async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    }),
  })),
}));

// jsdom has no Web Audio: the mixer shows which parts it was told are the singer's.
vi.mock('./PartMixer', () => ({
  PartMixer: ({ myParts }: { myParts: string[] }) => <p>Mixer for {myParts.join(' | ') || 'nobody'}</p>,
}));

let restoreObjectUrls = () => {};
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  restoreObjectUrls = stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
  restoreObjectUrls();
});

describe('the practice studio', () => {
  it('opens from the piece page’s Practice button, with the score and a way back', async () => {
    const user = userEvent.setup();
    servePiece({ role: 'member' });
    renderPiece();
    await user.click(await screen.findByRole('link', { name: 'Practice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice: Ave verum corpus' })).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 4')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Player' })).toBeInTheDocument();
    // A member reads the markers but does not set them.
    expect(screen.queryByRole('button', { name: 'Save markers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the piece' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ave verum corpus' })).toBeInTheDocument();
  });

  it('offers no Practice button for a piece without a score or a recording', async () => {
    servePiece({ piece: piece({ attachments: [] }) });
    renderPiece();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ave verum corpus' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Practice' })).not.toBeInTheDocument();
  });

  it('lets the director add a marker at the page on screen and saves the list', async () => {
    const user = userEvent.setup();
    const server = servePiece({
      piece: piece({ attachments: [SCORE] }),
      handlers: { 'PUT /choirs/:choirId/music/:musicId/markers': (_r, _p, body) => json(body) },
    });
    renderPiece('m1', '?practice=true');
    await screen.findByText('Page 1 of 4');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // Without a recording there is no "now" to mark.
    expect(screen.getByRole('button', { name: 'Add marker: now → page 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save markers' })).toBeDisabled();
    expect(server.count('PUT', '/choirs/c1/music/m1/markers')).toBe(0);
  });

  it('follows the markers: "Go to bar" moves the score to that bar’s page', async () => {
    const user = userEvent.setup();
    servePiece({
      role: 'member',
      handlers: {
        'GET /choirs/:choirId/music/:musicId/markers': () =>
          json({ markers: [{ time: 0, page: 1, bar: 1 }, { time: 40, page: 3, bar: 45 }] }),
      },
    });
    renderPiece('m1', '?practice=true');
    await screen.findByText('Page 1 of 4');
    // The markers come in their own answer, which may follow the score's first page.
    expect(await screen.findByRole('switch', { name: 'Score follows the music' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Go to bar' }), '45');
    await user.click(await screen.findByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Page 3 of 4')).toBeInTheDocument();
  });
});

describe('practice on the piece page', () => {
  it('shows the member their own practice of the piece, day by day', async () => {
    servePiece({
      role: 'member',
      handlers: {
        'GET /choirs/:choirId/music/:musicId/practice/me': () =>
          json({ totalSeconds: 3900, loops: 3, lastPosition: 12, speed: 0.8, days: [{ day: '2026-05-09', seconds: 1500, loops: 3 }], voiceParts: [] }),
      },
    });
    renderPiece();
    const section = await screen.findByRole('region', { name: 'Your practice' });
    expect(await within(section).findByText('1h 5min')).toBeInTheDocument();
    expect(within(section).getByText('25 min')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Choir practice' })).not.toBeInTheDocument();
  });

  it('shows an administrator who practised, per voice part and per member', async () => {
    servePiece({
      handlers: {
        'GET /choirs/:choirId/music/:musicId/practice': () =>
          json({
            voiceParts: [{ voicePart: 'Soprano', members: 4, practisedMembers: 1, totalSeconds: 600 }],
            members: [
              { userId: 'u1', name: 'Ada Lovelace', voiceParts: ['Soprano'], totalSeconds: 600, loops: 2, lastDay: '2026-05-09' },
              { userId: 'u2', name: 'Bea Brown', voiceParts: ['Soprano'], totalSeconds: 0, loops: 0, lastDay: null },
            ],
          }),
      },
    });
    renderPiece();
    const section = await screen.findByRole('region', { name: 'Choir practice' });
    const parts = await within(section).findByRole('table', { name: 'Practice per voice part' });
    expect(within(parts).getByText('1 of 4')).toBeInTheDocument();
    const members = within(section).getByRole('table', { name: 'Practice per member' });
    expect(within(members).getByText('Ada Lovelace').closest('tr')).toHaveTextContent('10 min');
    expect(within(members).getByText('Bea Brown').closest('tr')).toHaveTextContent('Never');
  });

  it('gives the mixer the singer’s voice parts for “My part”', async () => {
    const part = (id: string, name: string) =>
      attachment({ id, fileName: `${name}.mp3`, type: 'audio_part', customPartName: name, contentType: 'audio/mpeg', sizeBytes: 1000 });
    servePiece({
      role: 'member',
      piece: piece({ attachments: [SCORE, part('p1', 'Soprano'), part('p2', 'Alto')] }),
      handlers: {
        'GET /choirs/:choirId/music/:musicId/practice/me': () =>
          json({ totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], partName: 'Soprano', voiceParts: ['Alto'] }),
      },
    });
    renderPiece('m1', '?practice=true');
    expect(await screen.findByText('Mixer for Alto')).toBeInTheDocument();
  });

  it('before the singer has voice parts, gives the mixer the parts they last practised', async () => {
    const part = (id: string, name: string) =>
      attachment({ id, fileName: `${name}.mp3`, type: 'audio_part', customPartName: name, contentType: 'audio/mpeg', sizeBytes: 1000 });
    servePiece({
      role: 'member',
      piece: piece({ attachments: [SCORE, part('p1', 'Soprano'), part('p2', 'Alto')] }),
      handlers: {
        'GET /choirs/:choirId/music/:musicId/practice/me': () =>
          json({ totalSeconds: 60, loops: 0, lastPosition: 0, speed: 1, days: [], partName: 'Soprano, Alto', voiceParts: [] }),
      },
    });
    renderPiece('m1', '?practice=true');
    expect(await screen.findByText('Mixer for Soprano | Alto')).toBeInTheDocument();
  });
});
