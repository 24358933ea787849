import { notifications, notificationsStore } from '@mantine/notifications';
import { readSession, removeSession, writeSession } from './storage';

// The public pages are a separate, smaller app (PublicApp.tsx). Going from one
// to a signed-in page loads the page afresh, which would lose a toast shown
// just before, such as 'Welcome back!': the public app keeps the toasts that
// are showing in session storage, and the signed-in app shows them on start.
export const CARRIED_TOASTS_KEY = 'carriedToasts';

interface CarriedToast {
  id?: string;
  title?: string;
  message: string;
  color?: string;
  autoClose?: number | false;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** carryToasts keeps the toasts on screen (and queued) that are plain text, for the next page load. */
export function carryToasts(): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  const carried: CarriedToast[] = [];
  for (const toast of [...shown, ...queue]) {
    const message = text(toast.message);
    // A loading toast belongs to work this page was doing: it ends with the page.
    if (!message || toast.loading) continue;
    carried.push({ id: toast.id, title: text(toast.title), message, color: toast.color, autoClose: toast.autoClose as number | false });
  }
  if (carried.length > 0) writeSession(CARRIED_TOASTS_KEY, JSON.stringify(carried));
}

/** showCarriedToasts shows, once, the toasts the public app kept before it handed over. */
export function showCarriedToasts(): void {
  const raw = readSession(CARRIED_TOASTS_KEY);
  if (raw === null) return;
  removeSession(CARRIED_TOASTS_KEY);
  let carried: unknown;
  try {
    carried = JSON.parse(raw);
  } catch {
    return;
  }
  if (!Array.isArray(carried)) return;
  for (const toast of carried as CarriedToast[]) {
    if (typeof toast?.message !== 'string') continue;
    notifications.show({
      id: text(toast.id),
      title: text(toast.title),
      message: toast.message,
      color: text(toast.color),
      autoClose: typeof toast.autoClose === 'number' || toast.autoClose === false ? toast.autoClose : undefined,
    });
  }
}
