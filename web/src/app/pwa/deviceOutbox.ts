// What the app sends once the signal returns (issue 31): the answers given
// and the practice played without one. Each outbox is a deviceList (kept in
// localStorage, read synchronously so a page can say "will be sent" at once)
// and is sent at the browser's 'online', whenever the app comes back into view,
// and when the signed-in app starts: Background Sync is Chromium's alone, so
// the page sends them itself. An item replaces the waiting one with its
// identity (the latest answer for an event, the latest report of a practice
// session). Sign-out forgets them, so nothing goes out under another user.
import { useEffect } from 'react';
import { HttpError } from '../../api/client';
import { deviceList } from './deviceList';

export interface DeviceOutbox<T> {
  /** The items waiting, oldest first (the same array until it changes). */
  items(): T[];
  /** keep adds an item, replacing the one waiting with its identity. */
  keep(item: T): void;
  /** drop forgets the item waiting with this identity (a newer one was sent). */
  drop(id: string): void;
  /** forget empties the outbox (sign-out). */
  forget(): void;
  /**
   * send delivers each waiting item once: one the server refuses is dropped,
   * one that meets no network waits for the next try. Resolves to how many
   * were delivered.
   */
  send(): Promise<number>;
  /** subscribe calls listener whenever the items change (useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
}

/** isNoNetwork says whether a request failed for want of a network (fetch's TypeError), not by the server's answer. */
export function isNoNetwork(err: unknown): boolean {
  return err instanceof TypeError && !(err instanceof HttpError);
}

/**
 * deviceOutbox is an outbox kept under key: idOf gives an item's identity,
 * deliver sends it (throwing a TypeError without a network), and at most
 * max items wait, the oldest dropped past it.
 */
export function deviceOutbox<T>({
  key,
  idOf,
  deliver,
  max = 100,
}: {
  key: string;
  idOf: (item: T) => string;
  deliver: (item: T) => Promise<unknown>;
  max?: number;
}): DeviceOutbox<T> {
  const { items, save, subscribe } = deviceList<T>(key, max);
  let sending: Promise<number> | null = null;

  const drop = (id: string) => {
    if (items().some((i) => idOf(i) === id)) save(items().filter((i) => idOf(i) !== id));
  };

  return {
    items,
    keep: (item) => save([...items().filter((i) => idOf(i) !== idOf(item)), item]),
    drop,
    forget: () => save([]),
    send: () => {
      sending ??= (async () => {
        let sent = 0;
        for (const item of items()) {
          try {
            await deliver(item);
            sent += 1;
          } catch (err) {
            if (isNoNetwork(err)) break;
          }
          // Delivered or refused: no longer waiting, unless a newer one with its identity replaced it meanwhile.
          const delivered = JSON.stringify(item);
          save(items().filter((i) => JSON.stringify(i) !== delivered));
        }
        return sent;
      })().finally(() => {
        sending = null;
      });
      return sending;
    },
    subscribe,
  };
}

/**
 * useOutboxSender sends an outbox's items while a user is signed in: at
 * once, at the browser's 'online' and when the app comes back into view;
 * afterSent hears which were waiting when something was delivered (to read
 * what the pages show again).
 */
export function useOutboxSender<T>(outbox: DeviceOutbox<T>, signedIn: boolean, afterSent: (waiting: T[]) => void) {
  useEffect(() => {
    if (!signedIn) return;
    const send = () => {
      if (outbox.items().length === 0 || document.visibilityState === 'hidden') return;
      const waiting = outbox.items();
      void outbox.send().then((sent) => {
        if (sent > 0) afterSent(waiting);
      });
    };
    send();
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', send);
    return () => {
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', send);
    };
    // afterSent is read when something is sent, not a reason to send again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outbox, signedIn]);
}
