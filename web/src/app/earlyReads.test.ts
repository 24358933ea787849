import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asked, json } from '../test/api';
import { BACH, SCHOLA, user } from '../test/fixtures';
import { forgetEarlyReads } from '../api/early';
import { startEarlyReads } from './earlyReads';
import { warmFirstPage } from './firstPage';
import { createQueryClient } from './queryClient';
import { stubServer } from './shell/sessionStub';

const DASHBOARD = {
  'GET /choirs/:choirId/week': () => json({ upcoming: [], canAnswer: true }),
  'GET /choirs/:choirId/practice/me': () => json({ weekSeconds: 0, pieces: [] }),
  'GET /choirs/:choirId/announcements/unread': () => json({ count: 0 }),
  'GET /choirs/:choirId/policies': () => json({ policies: [], pending: 0 }),
  'GET /choirs/:choirId/attendance-standing/me': () => json({ configured: false }),
  'GET /choirs/:choirId/billing/standing': () => json({ enabled: false }),
  'GET /choirs/:choirId/rsvps': () => json({ answers: [] }),
  'GET /account/calendar-preferences': () => json({ showAllLiturgicalDays: false }),
};

// The warm-ups load their page's code, which Vitest transforms on first use:
// seconds on a loaded machine, past the warm-up's wait, and a warm-up still
// running would then ask its questions in the next test.
beforeAll(async () => {
  await Promise.all([import('../features/dashboard'), import('../features/calendar')]);
}, 30_000);

afterEach(() => {
  forgetEarlyReads();
  vi.unstubAllGlobals();
});

describe('the first page’s early reads', () => {
  it('ask for the dashboard’s data before the app’s code, and its warm-up takes each answer instead of asking again', async () => {
    const server = stubServer({ user: user({ lastAccessedChoirId: SCHOLA.choir.id }), choirs: [SCHOLA], handlers: DASHBOARD });
    startEarlyReads('/dashboard');
    await vi.waitFor(() => expect(server.calls).toHaveLength(8));
    await warmFirstPage(createQueryClient(), '/dashboard');
    expect(asked(server.calls).sort()).toEqual(
      [
        'GET /auth/session',
        'GET /choirs/c-schola',
        'GET /choirs/c-schola/announcements/unread',
        'GET /choirs/c-schola/attendance-standing/me',
        'GET /choirs/c-schola/billing/standing',
        'GET /choirs/c-schola/policies',
        'GET /choirs/c-schola/practice/me',
        'GET /choirs/c-schola/week',
      ].sort(),
    );
  });

  it('ask for a phone’s agenda, its answers and the preferences on the calendar, each once', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} }));
    const server = stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH], handlers: DASHBOARD });
    startEarlyReads('/dashboard/calendar');
    await vi.waitFor(() => expect(server.calls).toHaveLength(6));
    await warmFirstPage(createQueryClient(), '/dashboard/calendar');
    // Bach's role edits the calendar: its details too.
    expect(asked(server.calls).sort()).toEqual(
      [
        'GET /account/calendar-preferences',
        'GET /auth/session',
        'GET /choirs/c-bach',
        'GET /choirs/c-bach/billing/standing',
        'GET /choirs/c-bach/events',
        'GET /choirs/c-bach/rsvps',
      ].sort(),
    );
  });

  it('ask nothing for another page, and nothing past the session when nobody is signed in', async () => {
    let server = stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    startEarlyReads('/dashboard/members');
    expect(server.calls).toEqual([]);

    server = stubServer({ user: null });
    startEarlyReads('/dashboard');
    await vi.waitFor(() => expect(asked(server.calls)).toEqual(['GET /auth/session']));
  });
});
