import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceList } from './deviceList';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('deviceList', () => {
  it('reads what is stored now: a list emptied elsewhere (another tab) is empty here too', () => {
    const list = deviceList<number>('test.list');
    list.save([1, 2]);
    expect(list.items()).toEqual([1, 2]);
    expect(list.items()).toBe(list.items());
    localStorage.removeItem('test.list');
    expect(list.items()).toEqual([]);
  });

  it('keeps the list in the page when storage refuses it', () => {
    const list = deviceList<number>('test.refused');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    list.save([7]);
    expect(list.items()).toEqual([7]);
    expect(localStorage.getItem('test.refused')).toBeNull();
  });
});
