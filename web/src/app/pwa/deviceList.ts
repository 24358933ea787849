// A short list this device keeps in localStorage for the phone app (issue 31):
// the answers and the practice waiting for a signal (deviceOutbox.ts), the
// music made available offline (keptMusic.ts). Read synchronously, so a page
// can say "will be sent" or "Available offline" at once.

export interface DeviceList<T> {
  /** The items, oldest first: the same array while the stored list is unchanged (useSyncExternalStore). */
  items(): T[];
  /** save stores the list (its last max items) and tells the listeners. */
  save(list: T[]): void;
  /** subscribe calls listener whenever the list changes, here or in another tab of the app. */
  subscribe(listener: () => void): () => void;
}

/** deviceList is the list kept under key, at most max items long. */
export function deviceList<T>(key: string, max = Infinity): DeviceList<T> {
  const listeners = new Set<() => void>();
  // The list as last read or written, and the stored text it came from: read
  // again when the stored text changes (another tab wrote it).
  let list: T[] = [];
  let stored: string | null = null;
  // Storage refused the last write: the list lives in this page only.
  let inPageOnly = false;

  const items = (): T[] => {
    if (inPageOnly) return list;
    let text: string | null;
    try {
      text = localStorage.getItem(key);
    } catch {
      return list;
    }
    if (text !== stored) {
      stored = text;
      try {
        const parsed: unknown = JSON.parse(text ?? '[]');
        list = Array.isArray(parsed) ? (parsed as T[]) : [];
      } catch {
        list = [];
      }
    }
    return list;
  };

  const save = (next: T[]) => {
    list = next.slice(-max);
    stored = list.length === 0 ? null : JSON.stringify(list);
    try {
      if (stored === null) localStorage.removeItem(key);
      else localStorage.setItem(key, stored);
      inPageOnly = false;
    } catch {
      inPageOnly = true;
    }
    listeners.forEach((l) => l());
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) listeners.forEach((l) => l());
    });
  }

  return {
    items,
    save,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
