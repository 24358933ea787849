import { describe, expect, it, vi } from 'vitest';
import { registerPush, type PushWorkerScope } from './push';

const SCOPE = 'https://cantica.example.org/';

/** A worker scope whose events the test fires, with the windows open given. */
function worker(
  windows: { url: string; focus?: () => Promise<unknown>; navigate?: (url: string) => Promise<unknown> }[] = [],
  server: (path: string, init?: RequestInit) => Response = () => new Response(null, { status: 204 }),
) {
  const listeners = new Map<string, (event: Event) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => subscription(`https://push.example/new-${String(options.applicationServerKey)}`));
  const fetch = vi.fn(async (path: string, init?: RequestInit) => server(path, init));
  const scope = {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener),
    registration: { scope: SCOPE, showNotification, pushManager: { subscribe } } as unknown as ServiceWorkerRegistration,
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    fetch,
  } satisfies PushWorkerScope;
  registerPush(scope);
  /** fire dispatches an event and waits for what it asked the worker to wait for. */
  async function fire(type: string, fields: object) {
    const waits: Promise<unknown>[] = [];
    const event = Object.assign(new Event(type), { waitUntil: (p: Promise<unknown>) => waits.push(p) }, fields);
    listeners.get(type)?.(event);
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
  }
  return { fire, showNotification, openWindow, subscribe, fetch };
}

/** subscription is a browser's push subscription at endpoint, made with key. */
function subscription(endpoint: string, key = 'KEY') {
  return {
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: 'auth-secret' } }),
  } as unknown as PushSubscription;
}

/** sentSubscriptions are the bodies the worker posted to the server's subscriptions. */
function sentSubscriptions(fetch: ReturnType<typeof worker>['fetch']) {
  return fetch.mock.calls
    .filter(([path, init]) => path === '/api/v1/push/subscriptions' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

const pushData = (value: unknown) => ({
  data: {
    json: () => (typeof value === 'string' ? JSON.parse(value) : value),
    text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
  },
});

const tap = (data: unknown) => ({ notification: { close: vi.fn(), data } });

describe('the service worker push handlers', () => {
  it('shows the server notice as a notification that remembers where it leads', async () => {
    const w = worker();
    await w.fire('push', pushData({ title: 'St Cecilia Singers: Concert dress', body: 'Black.', url: '/dashboard/announcements', tag: 'announcement:a1' }));
    expect(w.showNotification).toHaveBeenCalledWith('St Cecilia Singers: Concert dress', {
      body: 'Black.',
      tag: 'announcement:a1',
      icon: '/favicon.svg',
      data: { url: '/dashboard/announcements' },
    });
  });

  it('still shows something for a message that is not a notice', async () => {
    const w = worker();
    await w.fire('push', pushData('plain words'));
    expect(w.showNotification).toHaveBeenCalledWith('Cantica', expect.objectContaining({ body: 'plain words' }));
  });

  it('opens the page in the Cantica window already open', async () => {
    const focus = vi.fn(async () => undefined);
    const navigate = vi.fn(async () => undefined);
    const w = worker([{ url: 'https://elsewhere.example/', focus, navigate }, { url: `${SCOPE}dashboard`, focus, navigate }]);
    const event = tap({ url: '/dashboard/calendar' });
    await w.fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(`${SCOPE}dashboard/calendar`);
    expect(w.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, and never leaves the site', async () => {
    const w = worker();
    await w.fire('notificationclick', tap({ url: '/dashboard/calendar' }));
    expect(w.openWindow).toHaveBeenLastCalledWith(`${SCOPE}dashboard/calendar`);
    for (const url of ['https://evil.example/x', '//evil.example/x', undefined]) {
      await w.fire('notificationclick', tap({ url }));
      expect(w.openWindow).toHaveBeenLastCalledWith(`${SCOPE}dashboard`);
    }
  });

  it('subscribes again with the same key when the push service changes the subscription, and tells the server', async () => {
    const w = worker();
    await w.fire('pushsubscriptionchange', { oldSubscription: subscription('https://push.example/old', 'OLD-KEY'), newSubscription: null });
    expect(w.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'OLD-KEY' });
    expect(sentSubscriptions(w.fetch)).toEqual([
      { endpoint: 'https://push.example/new-OLD-KEY', keys: { p256dh: 'p256dh-of-https://push.example/new-OLD-KEY', auth: 'auth-secret' } },
    ]);
  });

  it('sends the new subscription the browser already made', async () => {
    const w = worker();
    await w.fire('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.example/old'),
      newSubscription: subscription('https://push.example/made-by-the-browser'),
    });
    expect(w.subscribe).not.toHaveBeenCalled();
    expect(sentSubscriptions(w.fetch)).toEqual([expect.objectContaining({ endpoint: 'https://push.example/made-by-the-browser' })]);
  });

  it('asks the server for its key when the browser no longer has the old subscription', async () => {
    const w = worker([], (path) =>
      path === '/api/v1/push/public-key' ? Response.json({ publicKey: 'SERVER-KEY' }) : new Response(null, { status: 204 }),
    );
    await w.fire('pushsubscriptionchange', { oldSubscription: null, newSubscription: null });
    expect(w.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'SERVER-KEY' });
    expect(sentSubscriptions(w.fetch)).toEqual([expect.objectContaining({ endpoint: 'https://push.example/new-SERVER-KEY' })]);
  });

  it('subscribes nobody when nobody is signed in on this browser', async () => {
    const w = worker([], () => Response.json({ code: 'AUTH_ERROR', message: 'Authentication required' }, { status: 401 }));
    await w.fire('pushsubscriptionchange', { oldSubscription: null, newSubscription: null });
    expect(w.subscribe).not.toHaveBeenCalled();
    expect(sentSubscriptions(w.fetch)).toEqual([]);
  });
});
