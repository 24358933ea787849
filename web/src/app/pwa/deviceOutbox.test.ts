import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceOutbox } from './deviceOutbox';

interface Item {
  id: string;
  n: number;
}

afterEach(() => localStorage.clear());

describe('deviceOutbox', () => {
  it('keeps the latest item of each identity, within its bound, across a reload of the page', () => {
    const outbox = deviceOutbox<Item>({ key: 'test.outbox', idOf: (i) => i.id, deliver: vi.fn(), max: 2 });
    outbox.keep({ id: 'a', n: 1 });
    outbox.keep({ id: 'a', n: 2 });
    expect(outbox.items()).toEqual([{ id: 'a', n: 2 }]);
    outbox.keep({ id: 'b', n: 1 });
    outbox.keep({ id: 'c', n: 1 });
    expect(outbox.items().map((i) => i.id)).toEqual(['b', 'c']);
    const reloaded = deviceOutbox<Item>({ key: 'test.outbox', idOf: (i) => i.id, deliver: vi.fn() });
    expect(reloaded.items()).toEqual([
      { id: 'b', n: 1 },
      { id: 'c', n: 1 },
    ]);
  });

  it('reads again what another tab of the app kept, and says so to its listeners', () => {
    const outbox = deviceOutbox<Item>({ key: 'test.tabs', idOf: (i) => i.id, deliver: vi.fn() });
    expect(outbox.items()).toEqual([]);
    const heard = vi.fn();
    outbox.subscribe(heard);
    localStorage.setItem('test.tabs', JSON.stringify([{ id: 'x', n: 1 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'test.tabs' }));
    expect(heard).toHaveBeenCalled();
    expect(outbox.items()).toEqual([{ id: 'x', n: 1 }]);
  });

  it('sends each item once, keeps what meets no network and drops what the server refuses', async () => {
    const deliver = vi.fn(async (item: Item) => {
      if (item.id === 'refused') throw new Error('409');
      if (item.id === 'tunnel') throw new TypeError('Failed to fetch');
    });
    const outbox = deviceOutbox<Item>({ key: 'test.send', idOf: (i) => i.id, deliver });
    outbox.keep({ id: 'ok', n: 1 });
    outbox.keep({ id: 'refused', n: 1 });
    outbox.keep({ id: 'tunnel', n: 1 });
    expect(await outbox.send()).toBe(1);
    expect(outbox.items()).toEqual([{ id: 'tunnel', n: 1 }]);
  });
});
