import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ada } from '../../test/fixtures';
import { PUSH_BLOCKED, PUSH_LABEL, PUSH_UNSUPPORTED } from './PushSwitch';
import { json, noContent, renderAccount, stubApi } from './testing';
import { PUSH_NOT_READY, PUSH_SERVICE_FAILED } from './pushDevice';
import { PUSH_OFF_MESSAGE, PUSH_ON_MESSAGE } from './queries';

// The server's key: 65 bytes, the first 0x04.
const KEY_BYTES = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ENDPOINT = 'https://push.example.net/send/abc';

/** A browser that can take push, with a subscription or not, whose person answers the question with answer. */
function browserWithPush(opts: { subscribed: boolean; answer?: NotificationPermission; permission?: NotificationPermission; installing?: boolean }) {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const make = () =>
    ({
      endpoint: ENDPOINT,
      unsubscribe,
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPdh', auth: 'secret' } }),
    }) as unknown as PushSubscription;
  if (opts.subscribed) subscription = make();
  const subscribe = vi.fn(async () => (subscription = make()));
  const pushManager = { getSubscription: vi.fn(async () => subscription), subscribe };
  const requestPermission = vi.fn(async () => {
    notification.permission = opts.answer ?? 'granted';
    return notification.permission;
  });
  const notification = { permission: opts.permission ?? (opts.subscribed ? 'granted' : 'default'), requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    // The app's worker: active, or (installing) still downloading the app on a first visit.
    value: { getRegistration: vi.fn(async () => ({ active: opts.installing ? null : {}, pushManager })) },
  });
  return { subscribe, unsubscribe, requestPermission };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const api = (extra = {}) =>
  stubApi({
    'GET /account/profile': () => json(ada),
    'GET /account/choir-emails': () => json([]),
    'GET /push/public-key': () => json({ publicKey: PUBLIC_KEY }),
    'POST /push/subscriptions': () => noContent(),
    'DELETE /push/subscriptions': () => noContent(),
    ...extra,
  });

function sent(fetchMock: ReturnType<typeof stubApi>, method: string) {
  return fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method && r.url.endsWith('/push/subscriptions'));
}

describe('NotificationsPage: notifications on this device', () => {
  it('says how to get them where the browser cannot show them', async () => {
    api();
    renderAccount('/account/notifications');
    expect(await screen.findByText(PUSH_UNSUPPORTED)).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: PUSH_LABEL })).not.toBeInTheDocument();
  });

  it('asks for permission only on a tap, then subscribes with the server key and tells the server', async () => {
    const browser = browserWithPush({ subscribed: false });
    const fetchMock = api();
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: PUSH_LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    expect(await screen.findByText(PUSH_ON_MESSAGE)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(Array.from(options[0].applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    const posts = sent(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0].clone().json()).toEqual({ endpoint: ENDPOINT, keys: { p256dh: 'BPdh', auth: 'secret' } });
  });

  it('changes nothing when the person blocks notifications, and says where to allow them', async () => {
    const browser = browserWithPush({ subscribed: false, answer: 'denied' });
    const fetchMock = api();
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: PUSH_LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText(PUSH_BLOCKED)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });

  it('turns them off: the server forgets this browser and the browser its subscription', async () => {
    const browser = browserWithPush({ subscribed: true });
    const fetchMock = api();
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: PUSH_LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText(PUSH_OFF_MESSAGE)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    const deletes = sent(fetchMock, 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(await deletes[0].clone().json()).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps the switch on when the server cannot forget the browser', async () => {
    const browser = browserWithPush({ subscribed: true });
    api({ 'DELETE /push/subscriptions': () => json({ code: 'INTERNAL', message: 'Database unavailable' }, 500) });
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: PUSH_LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });
});

describe('NotificationsPage: when the browser cannot subscribe', () => {
  it('says so in plain words and leaves the switch off', async () => {
    const browser = browserWithPush({ subscribed: false });
    browser.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service error', 'AbortError'));
    const fetchMock = api();
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: PUSH_LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText(PUSH_SERVICE_FAILED)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });

  it('asks to try again while the app’s service worker is still installing, and subscribes nothing', async () => {
    const browser = browserWithPush({ subscribed: false, installing: true });
    const fetchMock = api();
    renderAccount('/account/notifications');
    const toggle = await screen.findByRole('switch', { name: PUSH_LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText(PUSH_NOT_READY)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });
});
