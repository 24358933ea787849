import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_CHOIR_KEY } from '../../app/choir';
import { json, stubFetch } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import type { LinkPlan, RsvpStatus } from './api';
import { practiceSecrets } from './LinkPlan';
import { expectAccessible, linkEvent, renderLink, RSVP_TOKEN, rsvpLink, TOKEN } from './testing';

const SECRET_1 = 'Prac1Def456Ghi789Jkl012Mno345Pqr';
const SECRET_3 = 'Prac3Def456Ghi789Jkl012Mno345Pqr';
const FRAGMENT = `#practice=m1.${SECRET_1},m3.${SECRET_3}`;

const plan: LinkPlan = {
  title: 'Advent I',
  notes: 'Bring the blue folder.',
  pieces: [
    { musicId: 'm1', label: 'Entrance', title: 'O magnum mysterium', composer: 'Victoria', note: 'Softly', practisable: true },
    { musicId: 'm2', label: 'Offertory', title: 'Rorate caeli', composer: '', note: '', practisable: false },
    { musicId: 'm3', label: 'Communion', title: 'Alma redemptoris', composer: '', note: '', practisable: true },
  ],
};

/** serve answers the RSVP and event links of an event with a plan, and the session. */
function serve(signedIn: boolean, choirId = 'c1') {
  return stubFetch({
    'GET /auth/session': () => json(sessionOf(signedIn ? ada : null, signedIn ? [membership(choirId, 'Bach Choir')] : [])),
    'GET /email-links/rsvp/:token': () => json(rsvpLink({ plan })),
    'GET /email-links/event/:token': () => json(rsvpLink({ plan })),
    'POST /email-links/rsvp/:token': (_req, _params, body) =>
      json({ status: (body as { status: RsvpStatus }).status, changed: false, event: linkEvent() }),
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('practiceSecrets', () => {
  it('reads the practice links of a fragment by piece, beside an RSVP secret', () => {
    const secrets = practiceSecrets(`#rsvp=${RSVP_TOKEN}&practice=piece%20one.${SECRET_1},m3.${SECRET_3}`);
    expect([...secrets]).toEqual([
      ['piece one', SECRET_1],
      ['m3', SECRET_3],
    ]);
    expect(practiceSecrets(`#rsvp=${RSVP_TOKEN}`).size).toBe(0);
  });
});

describe('RsvpPage: the music once answered', () => {
  it('shows no music before the tap, then the plan with Practise for pieces to practise', async () => {
    const api = serve(false);
    const { container } = renderLink(`/email/rsvp/${TOKEN}/going${FRAGMENT}`);
    const confirm = await screen.findByRole('button', { name: "Tap to confirm: I'll be there" });
    expect(screen.queryByText('O magnum mysterium')).not.toBeInTheDocument();
    expect(api.count('POST', `/email-links/rsvp/${TOKEN}`)).toBe(0);
    await userEvent.click(confirm);

    expect(await screen.findByRole('heading', { level: 1, name: 'RSVP Confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Your answer: I'll be there");
    expect(screen.getByRole('heading', { name: 'The music: Advent I' })).toBeInTheDocument();
    expect(screen.getByText('Bring the blue folder.')).toBeInTheDocument();
    const pieces = within(screen.getByRole('list', { name: 'Pieces' })).getAllByRole('listitem');
    expect(pieces.map((li) => li.textContent)).toEqual([
      'EntranceO magnum mysteriumVictoriaSoftlyPractise',
      'OffertoryRorate caeli',
      'CommunionAlma redemptorisPractise',
    ]);
    // A visitor who is not signed in practises through the email's own practice links.
    expect(screen.getByRole('link', { name: 'Practise O magnum mysterium' })).toHaveAttribute('href', `/email/practice/${SECRET_1}`);
    expect(screen.getByRole('link', { name: 'Practise Alma redemptoris' })).toHaveAttribute('href', `/email/practice/${SECRET_3}`);
    await expectAccessible(container);
  });

  it('sends a member signed in to the choir straight to the studio, in that choir', async () => {
    serve(true);
    const { router } = renderLink(`/email/rsvp/${TOKEN}/maybe${FRAGMENT}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Tap to confirm: Maybe' }));
    const practise = await screen.findByRole('link', { name: 'Practise O magnum mysterium' });
    expect(practise).toHaveAttribute('href', '/dashboard/music/m1?practice=true');
    await userEvent.click(practise);
    expect(await screen.findByRole('heading', { name: 'Piece page' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/music/m1?practice=true');
    expect(sessionStorage.getItem(ACTIVE_CHOIR_KEY)).toBe('c1');
  });

  it('sends someone signed in to another choir to the practice link', async () => {
    serve(true, 'c2');
    renderLink(`/email/rsvp/${TOKEN}/going${FRAGMENT}`);
    await userEvent.click(await screen.findByRole('button', { name: "Tap to confirm: I'll be there" }));
    expect(await screen.findByRole('link', { name: 'Practise Alma redemptoris' })).toHaveAttribute(
      'href',
      `/email/practice/${SECRET_3}`,
    );
  });
});

describe('EventPage: the music', () => {
  it('shows the plan with Practise, without answering', async () => {
    const api = serve(false);
    const { container } = renderLink(`/email/event/${TOKEN}#rsvp=${RSVP_TOKEN}&practice=m1.${SECRET_1}`);
    expect(await screen.findByRole('heading', { name: 'The music: Advent I' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practise O magnum mysterium' })).toHaveAttribute('href', `/email/practice/${SECRET_1}`);
    // A piece whose practice link the email did not carry: practised after signing in.
    expect(screen.getByRole('link', { name: 'Practise Alma redemptoris' })).toHaveAttribute(
      'href',
      `/auth/signin?returnUrl=${encodeURIComponent('/dashboard/music/m3?practice=true')}`,
    );
    expect(api.count('POST', `/email-links/rsvp/${RSVP_TOKEN}`)).toBe(0);
    await expectAccessible(container);
  });
});
