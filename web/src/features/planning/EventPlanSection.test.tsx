import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../test/api';
import { EventPlanSection } from './EventPlanSection';
import { plan, renderAt, serveChoir, slot } from './testing';

vi.setConfig({ testTimeout: 15000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const EVENT = 'ev-1-occurrence-2026-04-05';
const PLANNED = plan({
  eventId: EVENT,
  notes: 'Bring the blue folder.\nLearn the Exsultet.',
  slots: [
    slot('Entrance', { id: 'm1', title: 'Christ the Lord is risen today', composer: 'Charles Wesley' }),
    slot('Psalm'),
    slot('Communion', { id: 'm2', title: 'Ubi caritas', composer: 'Duruflé' }),
  ],
});

function show(role: 'choir_admin' | 'member', answer: () => Response) {
  serveChoir(role, { 'GET /choirs/:choirId/events/:eventId/plan': answer });
  return renderAt('/calendar', <EventPlanSection choirId="c1" eventId={EVENT} date="2026-04-05" />, '/calendar');
}

const noPlan = () => apiError(404, 'NOT_FOUND', 'No music has been planned for this event.');

describe('EventPlanSection', () => {
  it('shows a member what to bring and each chosen piece with a link to practise it, and no way to plan', async () => {
    show('member', () => json(PLANNED));
    const pieces = await screen.findByRole('list', { name: 'Pieces' });
    expect(screen.getByRole('heading', { name: 'Music' })).toBeInTheDocument();
    expect(screen.getByText('What to bring, what to practise')).toBeInTheDocument();
    expect(screen.getByText(/Learn the Exsultet/)).toBeInTheDocument();
    const items = within(pieces).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'EntranceChrist the Lord is risen todayCharles WesleyPractise',
      'CommunionUbi caritasDuruflé' + 'Practise',
    ]);
    expect(screen.getByRole('link', { name: 'Practise Christ the Lord is risen today' })).toHaveAttribute(
      'href',
      '/dashboard/music/m1?practice=true',
    );
    expect(screen.getByRole('link', { name: 'Practise Ubi caritas' })).toHaveAttribute('href', '/dashboard/music/m2?practice=true');
    expect(screen.queryByRole('link', { name: 'Plan music' })).not.toBeInTheDocument();
  });

  it('offers a singer the event’s music offline, counting the files of every piece before anything is stored', async () => {
    const file = (id: string, type: string, sizeBytes: number, customPartName = '') => ({
      id,
      musicId: 'm',
      fileName: `${id}.bin`,
      type,
      contentType: 'application/octet-stream',
      sizeBytes,
      description: '',
      customPartName,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const MB = 1024 * 1024;
    const files: Record<string, unknown[]> = {
      m1: [file('s1', 'score', MB), file('r1', 'audio_full', MB)],
      m2: [file('p2', 'audio_part', MB / 2, 'Tenor'), file('p3', 'audio_part', MB / 2, 'Alto')],
    };
    serveChoir('member', {
      'GET /choirs/:choirId/events/:eventId/plan': () => json(PLANNED),
      'GET /choirs/:choirId/music/:musicId': (_r, { musicId }) =>
        json({ id: musicId, title: musicId, attachments: files[musicId] }),
      'GET /choirs/:choirId/music/:musicId/practice/me': () => json({ totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], voiceParts: ['Alto'] }),
      'GET /choirs/:choirId/plans': () => json([PLANNED]),
    });
    renderAt('/calendar', <EventPlanSection choirId="c1" eventId={EVENT} date="2026-04-05" />, '/calendar');
    await userEvent.click(await screen.findByRole('button', { name: 'Make this music available offline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this music available offline' });
    // The score and the recording of the first piece, the alto part of the second: 2.5 MB.
    expect(await within(dialog).findByText('3 files, 2.5 MB')).toBeInTheDocument();
  });

  it('gives an editor the way to plan the event', async () => {
    show('choir_admin', () => json(PLANNED));
    expect(await screen.findByRole('link', { name: 'Plan music' })).toHaveAttribute(
      'href',
      `/dashboard/calendar/plan-music/2026-04-05?event=${EVENT}`,
    );
  });

  it('says when nothing is planned, to a member without a link', async () => {
    show('member', noPlan);
    expect(await screen.findByText('No music planned yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Plan music' })).not.toBeInTheDocument();
  });

  it('says when nothing is planned, to an editor with the link to plan it', async () => {
    show('choir_admin', noPlan);
    expect(await screen.findByText('No music planned yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan music' })).toHaveAttribute(
      'href',
      `/dashboard/calendar/plan-music/2026-04-05?event=${EVENT}`,
    );
  });
});
