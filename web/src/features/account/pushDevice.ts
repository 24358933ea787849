// This browser's Web Push subscription (issue 31). The service worker that
// shows the notices is registered by the signed-in app; this module only
// asks the browser for a subscription and gives it to the server.
import { api, unwrap } from '../../api/client';

/** pushSupported says whether this browser can take push notifications at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * The worker's registration, or null when the app's service worker is not
 * active yet (the signed-in app registers it after its first page, and a
 * browser's first visit downloads the app before it activates): a push
 * subscription needs an active worker.
 */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg?.active ? reg : null;
}

/** currentSubscription is this browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg?.pushManager ? reg.pushManager.getSubscription() : null;
}

export const PUSH_NOT_READY =
  "Cantica is still getting ready to show notifications in this browser. Reload the page and try again.";

export const PUSH_SERVICE_FAILED =
  "This browser could not reach its notification service. Check the connection and try again, or try another browser.";

/** applicationServerKey turns the server's base64url VAPID key into the bytes the browser wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * subscribeHere subscribes this browser with the server's key and gives the
 * subscription to the server. Permission must already be granted (asked
 * for in the tap's own handler, as Safari requires).
 */
export async function subscribeHere(publicKey: string): Promise<void> {
  const reg = await registration();
  if (!reg?.pushManager) throw new Error(PUSH_NOT_READY);
  let subscription: PushSubscription;
  try {
    subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  } catch (err) {
    // The browser's own words ("AbortError: Registration failed - push service error") mean nothing to a singer.
    throw new Error(PUSH_SERVICE_FAILED, { cause: err });
  }
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error(PUSH_NOT_READY);
  unwrap(await api.POST('/push/subscriptions', { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } }));
}

/** unsubscribeHere stops the notices to this browser, at the server and in the browser. */
export async function unsubscribeHere(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  unwrap(await api.DELETE('/push/subscriptions', { body: { endpoint: subscription.endpoint } }));
  await subscription.unsubscribe();
}

/**
 * forgetPushHere is unsubscribeHere for signing out: the next person to
 * sign in on this browser must not get the last one's notices. It never
 * fails the sign-out.
 */
export async function forgetPushHere(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await api.DELETE('/push/subscriptions', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // Nothing to forget, or the browser refused: signing out goes on.
  }
}
