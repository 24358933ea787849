// The service worker's Web Push handlers (issue 31). The worker itself (sw.ts,
// of the offline work) calls registerPush(self) once.
//
// The types below are the few parts of the worker's global scope this module
// uses, written out so that the file also compiles in the app's DOM program;
// a ServiceWorkerGlobalScope is one.

/** What the server sends (internal/push Notice). */
export interface PushNotice {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}

interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: Notification;
}

interface PushSubscriptionChangeEventLike extends ExtendableEventLike {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

interface WindowClientLike {
  readonly url: string;
  focus?(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** The parts of ServiceWorkerGlobalScope the push handlers use. */
export interface PushWorkerScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/** The server's address for this browser's subscription (api/openapi.yaml: subscribePush). */
export const SUBSCRIPTIONS_PATH = '/api/v1/push/subscriptions';
/** The server's VAPID public key (getPushPublicKey). */
export const PUBLIC_KEY_PATH = '/api/v1/push/public-key';

/** Where a tap leads when the notice names nowhere (or somewhere not ours). */
export const DEFAULT_NOTICE_URL = '/dashboard';

/** readNotice reads a push message's data; one that is not a notice still shows something. */
export function readNotice(data: PushEventLike['data']): PushNotice {
  if (!data) return { title: 'Cantica' };
  try {
    const value = data.json() as Partial<PushNotice> | null;
    if (value && typeof value.title === 'string' && value.title) {
      return {
        title: value.title,
        body: typeof value.body === 'string' ? value.body : undefined,
        url: typeof value.url === 'string' ? value.url : undefined,
        tag: typeof value.tag === 'string' ? value.tag : undefined,
      };
    }
  } catch {
    // Not JSON: show its text.
  }
  return { title: 'Cantica', body: data.text() };
}

/** targetOf is the notice's address on this site; anything else goes to the dashboard. */
export function targetOf(url: unknown, scope: string): string {
  const origin = new URL(scope).origin;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) {
    const target = new URL(url, origin);
    if (target.origin === origin) return target.href;
  }
  return new URL(DEFAULT_NOTICE_URL, origin).href;
}

/**
 * registerPush shows each push message as a notification, and opens the
 * page it names when tapped: in a Cantica window already open if there is
 * one, else a new one.
 */
export function registerPush(self: PushWorkerScope): void {
  self.addEventListener('push', (e) => {
    const event = e as PushEventLike;
    const notice = readNotice(event.data);
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        icon: '/favicon.svg',
        data: { url: notice.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (e) => {
    const event = e as NotificationEventLike;
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = targetOf(data?.url, self.registration.scope);
    event.waitUntil(openOrFocus(self, target));
  });

  // The push service replaced (or dropped) this browser's subscription: the
  // notices would stop without a word. Subscribe again with the same key and
  // give the server the new address; the old one is removed by the server the
  // first time its push service answers that it is gone.
  self.addEventListener('pushsubscriptionchange', (e) => {
    const event = e as PushSubscriptionChangeEventLike;
    event.waitUntil(resubscribe(self, event).catch(() => undefined));
  });
}

/** resubscribe gives the server this browser's new subscription; signed out, it does nothing. */
async function resubscribe(self: PushWorkerScope, event: PushSubscriptionChangeEventLike): Promise<void> {
  let subscription = event.newSubscription ?? null;
  if (!subscription) {
    const key = event.oldSubscription?.options?.applicationServerKey ?? (await serverKey(self));
    if (!key) return;
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return;
  await self.fetch(SUBSCRIPTIONS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }),
  });
}

/** serverKey is the server's VAPID key (base64url, as subscribe takes it), or null when nobody is signed in. */
async function serverKey(self: PushWorkerScope): Promise<string | null> {
  const response = await self.fetch(PUBLIC_KEY_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { publicKey?: unknown };
  return typeof body.publicKey === 'string' && body.publicKey ? body.publicKey : null;
}

async function openOrFocus(self: PushWorkerScope, target: string): Promise<unknown> {
  const origin = new URL(target).origin;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === origin && w.focus && w.navigate);
  if (open?.focus && open.navigate) {
    await open.focus();
    return open.navigate(target);
  }
  return self.clients.openWindow(target);
}
