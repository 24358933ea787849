import { afterEach, describe, expect, it, vi } from 'vitest';
import { asked, deferred, json } from '../test/api';
import { BACH, GUESTS, SCHOLA, user } from '../test/fixtures';
import { ACTIVE_CHOIR_KEY, choirQueryKey } from './choir';
import { createQueryClient } from './queryClient';
import { FIRST_PAGE_WAIT_MS, warmFirstPage } from './firstPage';
import { stubServer } from './shell/sessionStub';

const EMPTY_WEEK = { upcoming: [], canAnswer: true };
const PRACTICE = { weekSeconds: 0, pieces: [] };
const NO_BILLING = { enabled: false };

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('warmFirstPage', () => {
  it('asks for the dashboard’s choir, week, practice, notices and plan banners with the session, as the page’s own queries', async () => {
    const server = stubServer({
      user: user({ lastAccessedChoirId: SCHOLA.choir.id }),
      choirs: [SCHOLA],
      handlers: {
        'GET /choirs/:choirId/week': () => json(EMPTY_WEEK),
        'GET /choirs/:choirId/practice/me': () => json(PRACTICE),
        'GET /choirs/:choirId/announcements/unread': () => json({ count: 2 }),
        'GET /choirs/:choirId/policies': () => json({ policies: [], pending: 0 }),
        'GET /choirs/:choirId/attendance-standing/me': () => json({ configured: false }),
        'GET /choirs/:choirId/billing/standing': () => json(NO_BILLING),
      },
    });
    const queryClient = createQueryClient();
    await warmFirstPage(queryClient, '/dashboard');
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
    // What the page's hooks read: the same keys, already answered.
    expect(queryClient.getQueryData(choirQueryKey(SCHOLA.choir.id))).toMatchObject({ id: SCHOLA.choir.id });
    expect(queryClient.getQueryData(['choirs', SCHOLA.choir.id, 'week'])).toEqual(EMPTY_WEEK);
    expect(queryClient.getQueryData(['choirs', SCHOLA.choir.id, 'practice', 'me'])).toEqual(PRACTICE);
    expect(queryClient.getQueryData(['choirs', SCHOLA.choir.id, 'announcements', 'unread'])).toBe(2);
    expect(queryClient.getQueryData(['choirs', SCHOLA.choir.id, 'billing', 'standing'])).toEqual(NO_BILLING);
  });

  it("asks for the choir's details on the calendar only for those who make events there", async () => {
    const preferences = {
      'GET /account/calendar-preferences': () => json({ showAllLiturgicalDays: false }),
      'GET /choirs/:choirId/billing/standing': () => json(NO_BILLING),
    };
    let server = stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH], handlers: preferences });
    await warmFirstPage(createQueryClient(), '/dashboard/calendar');
    expect(asked(server.calls)).toContain('GET /choirs/c-bach');

    sessionStorage.setItem(ACTIVE_CHOIR_KEY, GUESTS.choir.id);
    server = stubServer({ user: user(), choirs: [GUESTS], handlers: preferences });
    await warmFirstPage(createQueryClient(), '/dashboard/calendar');
    expect(asked(server.calls).sort()).toEqual(
      ['GET /account/calendar-preferences', 'GET /auth/session', 'GET /choirs/c-guest/billing/standing'].sort(),
    );
  });

  it('asks nothing for a page it does not know, and nothing more when nobody is signed in or the choir is still to be chosen', async () => {
    let server = stubServer({ user: user({ lastAccessedChoirId: BACH.choir.id }), choirs: [BACH] });
    await warmFirstPage(createQueryClient(), '/dashboard/members');
    expect(server.calls).toEqual([]);

    server = stubServer({ user: null });
    await warmFirstPage(createQueryClient(), '/dashboard');
    expect(asked(server.calls)).toEqual(['GET /auth/session']);

    // Two choirs and no choice made: /select-choir comes first.
    server = stubServer({ user: user(), choirs: [BACH, SCHOLA] });
    await warmFirstPage(createQueryClient(), '/dashboard');
    expect(asked(server.calls)).toEqual(['GET /auth/session']);
  });

  it('lets the app render after a second when an answer is slow', async () => {
    vi.useFakeTimers();
    const week = deferred<Response>();
    stubServer({
      user: user({ lastAccessedChoirId: SCHOLA.choir.id }),
      choirs: [SCHOLA],
      handlers: { 'GET /choirs/:choirId/week': () => week.promise, 'GET /choirs/:choirId/practice/me': () => json(PRACTICE) },
    });
    let ready = false;
    void warmFirstPage(createQueryClient(), '/dashboard').then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    week.resolve(json(EMPTY_WEEK));
  });

  it("asks for a phone's agenda and answers on the calendar, and only the preferences on a wider screen", async () => {
    const phone = (matches: boolean) =>
      vi.stubGlobal('matchMedia', (media: string) => ({ matches, media, addEventListener() {}, removeEventListener() {} }));
    const member = {
      user: user({ lastAccessedChoirId: SCHOLA.choir.id }),
      choirs: [SCHOLA],
      handlers: {
        'GET /choirs/:choirId/rsvps': () => json({ answers: [] }),
        'GET /account/calendar-preferences': () => json({ showAllLiturgicalDays: false }),
        'GET /choirs/:choirId/billing/standing': () => json(NO_BILLING),
      },
    };

    phone(true);
    let server = stubServer(member);
    await warmFirstPage(createQueryClient(), '/dashboard/calendar');
    expect(asked(server.calls).sort()).toEqual(
      [
        'GET /account/calendar-preferences',
        'GET /auth/session',
        'GET /choirs/c-schola/billing/standing',
        'GET /choirs/c-schola/events',
        'GET /choirs/c-schola/rsvps',
      ].sort(),
    );

    phone(false);
    server = stubServer(member);
    await warmFirstPage(createQueryClient(), '/dashboard/calendar');
    expect(asked(server.calls).sort()).toEqual(['GET /account/calendar-preferences', 'GET /auth/session', 'GET /choirs/c-schola/billing/standing']);
  });
});
