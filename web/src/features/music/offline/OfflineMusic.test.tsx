import { Blob as NodeBlob } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptMusic, keptPiece } from '../../../app/pwa/keptMusic';
import { json } from '../../../test/api';
import { attachment, piece, RECORDING, renderPiece, SCORE, servePiece, SOPRANO } from '../pieceTesting';

const ALTO = attachment({ id: 'a4', fileName: 'alto.mp3', type: 'audio_part', contentType: 'audio/mpeg', customPartName: 'Alto' });

/** device stands in for the browser's storage: the caches (what was put where) and persist(). */
function device() {
  const stored = new Map<string, Response>();
  const cache = {
    put: vi.fn(async (url: string, response: Response) => void stored.set(url, response)),
    delete: vi.fn(async (url: string) => stored.delete(url)),
  };
  vi.stubGlobal('caches', { open: async () => cache, has: async () => true });
  // The files are stored as Blobs in Responses: Node's Response takes only Node's Blob, not jsdom's.
  vi.stubGlobal('Blob', NodeBlob);
  const persist = vi.fn(async () => true);
  Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
  return { stored, persist };
}

describe('making a piece available offline', () => {
  afterEach(() => {
    forgetKeptMusic();
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('shows the files and their size first, then stores the score, the full recording and my part, and offers to remove them', async () => {
    const { stored, persist } = device();
    servePiece({
      role: 'member',
      piece: piece({ attachments: [SCORE, RECORDING, SOPRANO, ALTO] }),
      handlers: {
        'GET /choirs/:choirId/music/:musicId/practice/me': () =>
          json({ totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], voiceParts: ['Soprano'] }),
        'GET /choirs/:choirId/plans': () => json([{ id: 'p1', date: '2099-12-20', slots: [{ label: 'Offertory', music: { id: 'm1', title: 'Ave' } }] }]),
      },
    });
    renderPiece();
    await userEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make available offline' });
    // 1.5 MB of score and two recordings of 2 KB: the alto part is not the singer's.
    expect(await within(dialog).findByText('3 files, 1.5 MB')).toBeInTheDocument();
    expect(within(dialog).getByText(/until .*2100/)).toBeInTheDocument();
    expect(persist).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make available offline' }));
    expect(await screen.findByText('Available offline')).toBeInTheDocument();
    expect(persist).toHaveBeenCalledOnce();
    const files = (id: string) => `/api/v1/choirs/c1/music/m1/attachments/${id}/file`;
    expect([...stored.keys()].sort()).toEqual(
      [files('a1'), files('a2'), files('a3'), '/api/v1/choirs/c1/music/m1', '/api/v1/choirs/c1/music/m1/markers', '/api/v1/choirs/c1/music/m1/practice/me'].sort(),
    );
    // Kept until 30 days after the last event that uses it: the end of 19 January 2100.
    expect(new Date(keptPiece('c1', 'm1')!.expiresAt)).toEqual(new Date(2100, 0, 20));

    await userEvent.click(screen.getByRole('button', { name: 'Remove from this device' }));
    expect(await screen.findByRole('button', { name: 'Make available offline' })).toBeInTheDocument();
    await waitFor(() => expect(stored.size).toBe(0));
    expect(keptPiece('c1', 'm1')).toBeNull();
  });
});
