import { describe, expect, it, vi } from 'vitest';
import { registerPush, type PushWorkerScope } from './push';

const SCOPE = 'https://cantica.example.org/';

/** A worker scope whose events the test fires, with the windows open given. */
function worker(windows: { url: string; focus?: () => Promise<unknown>; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const listeners = new Map<string, (event: Event) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const scope = {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener),
    registration: { scope: SCOPE, showNotification } as unknown as ServiceWorkerRegistration,
    clients: { matchAll: vi.fn(async () => windows), openWindow },
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
  return { fire, showNotification, openWindow };
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
});
