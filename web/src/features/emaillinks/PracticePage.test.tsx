import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_CHOIR_KEY } from '../../app/choir';
import { apiError, deferred, json, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { expectAccessible, practiceLink, renderLink, TOKEN } from './testing';

const LINK = `/email-links/practice/${TOKEN}`;
const SIGNED_OUT_NOTE = "You'll be redirected to sign in to access the full practice studio with all features.";

function serve(handlers: Record<string, Handler> = {}, signedIn = true) {
  return stubFetch({
    'GET /auth/session': () => json(sessionOf(signedIn ? ada : null, signedIn ? [membership('c1', 'Bach Choir')] : [])),
    'GET /email-links/practice/:token': () => json(practiceLink()),
    'POST /email-links/practice/:token': () => json({ choirId: 'c1', musicId: 'm1' }),
    ...handlers,
  });
}

async function expectPracticeError(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Practice Access Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('PracticePage: the piece', () => {
  it("shows 'Loading practice session...', then the piece by the display rules", async () => {
    const answer = deferred<Response>();
    const api = serve({ 'GET /email-links/practice/:token': () => answer.promise });
    const { container } = renderLink(`/email/practice/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Loading practice session...' })).toBeInTheDocument();
    answer.resolve(json(practiceLink()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jesu, meine Freude' })).toBeInTheDocument();
    expect(screen.getByText('J. S. Bach')).toBeInTheDocument();
    expect(screen.queryByText('Arranger')).not.toBeInTheDocument();
    expect(screen.getByText('B-12')).toBeInTheDocument();
    expect(screen.getByText('Moderate')).toBeInTheDocument();
    expect(screen.getByText('4 min')).toBeInTheDocument();
    expect(screen.getByText('Sheet music (PDF)').nextSibling).toHaveTextContent('Available');
    expect(screen.getByText('Audio track').nextSibling).toHaveTextContent('Not available');
    expect(screen.getByRole('heading', { level: 2, name: 'Practice studio features' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'PDF viewer',
      'Audio playback with controls',
      'Speed control',
      'Progress tracking',
    ]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Music Library' })).toHaveAttribute('href', '/dashboard/music');
    // Reading the link uses nothing up.
    expect(api.count('POST', LINK)).toBe(0);
    await expectAccessible(container);
  });

  it('shows an arranger other than the composer, and hours', async () => {
    serve({
      'GET /email-links/practice/:token': () =>
        json(practiceLink({ arranger: 'J. Rutter', estimatedDurationMinutes: 90, rehearsalDifficulty: 8 })),
    });
    renderLink(`/email/practice/${TOKEN}`);
    expect(await screen.findByText('J. Rutter')).toBeInTheDocument();
    expect(screen.getByText('1h 30min')).toBeInTheDocument();
    expect(screen.getByText('Challenging')).toBeInTheDocument();
  });

  it.each([
    [400, 'INVALID_TOKEN', 'Invalid practice link'],
    [404, 'INVALID_TOKEN', 'Invalid or expired practice link'],
    [404, 'NOT_FOUND', 'Music piece not found'],
  ])('shows the server’s refusal %s %s', async (status, code, message) => {
    serve({ 'GET /email-links/practice/:token': () => apiError(status, code, message) });
    renderLink(`/email/practice/${TOKEN}`);
    await expectPracticeError(message);
  });

  it("says 'Failed to access practice session' when the server fails", async () => {
    serve({ 'GET /email-links/practice/:token': () => apiError(500, 'INTERNAL', 'boom') });
    renderLink(`/email/practice/${TOKEN}`);
    await expectPracticeError('Failed to access practice session');
  });
});

describe('PracticePage: starting', () => {
  it('uses the link once and opens the studio in the link’s choir', async () => {
    const api = serve();
    const { router } = renderLink(`/email/practice/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Jesu, meine Freude' });
    expect(screen.queryByText(SIGNED_OUT_NOTE)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start Practice Session' }));
    expect(await screen.findByRole('heading', { name: 'Piece page' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/music/m1?practice=true');
    expect(api.count('POST', LINK)).toBe(1);
    expect(sessionStorage.getItem(ACTIVE_CHOIR_KEY)).toBe('c1');
  });

  it('sends a signed-out visitor to sign in, coming back to the link, without using it', async () => {
    const api = serve({}, false);
    const { router } = renderLink(`/email/practice/${TOKEN}`);
    expect(await screen.findByText(SIGNED_OUT_NOTE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start Practice Session' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(`/email/practice/${TOKEN}`);
    expect(api.count('POST', LINK)).toBe(0);
  });

  it('shows that a used link can no longer open the studio', async () => {
    serve({
      'POST /email-links/practice/:token': () => apiError(404, 'INVALID_TOKEN', 'Invalid or expired practice link'),
    });
    renderLink(`/email/practice/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Practice Session' }));
    await expectPracticeError('Invalid or expired practice link');
    expect(sessionStorage.getItem(ACTIVE_CHOIR_KEY)).toBeNull();
  });

  it('shows the refusal of a member of another choir', async () => {
    serve({
      'POST /email-links/practice/:token': () =>
        apiError(403, 'PERMISSION_ERROR', 'You are not a member of the choir of this practice link'),
    });
    renderLink(`/email/practice/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Practice Session' }));
    await expectPracticeError('You are not a member of the choir of this practice link');
  });

  it('sends a visitor whose session ended to sign in', async () => {
    const api = serve({ 'POST /email-links/practice/:token': () => apiError(401, 'AUTH_ERROR', 'Not signed in') });
    const { router } = renderLink(`/email/practice/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Practice Session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(api.count('POST', LINK)).toBe(1);
  });
});
