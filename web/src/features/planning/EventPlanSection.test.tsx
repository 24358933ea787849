import { screen, within } from '@testing-library/react';
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
