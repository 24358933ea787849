import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { notify, TOAST_DURATIONS } from './notify';

let show: MockInstance<typeof notifications.show>;
let hide: MockInstance<typeof notifications.hide>;

beforeEach(() => {
  let n = 0;
  show = vi.spyOn(notifications, 'show').mockImplementation((data) => data.id ?? `toast-${++n}`);
  hide = vi.spyOn(notifications, 'hide').mockImplementation((id) => id);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('toast durations', () => {
  it.each([
    ['show', 5000],
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 7000],
  ] as const)('%s lasts %i ms', (kind, ms) => {
    notify[kind]('Hello');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Hello', autoClose: ms }));
  });

  it('keeps the table of calendar §8', () => {
    expect(TOAST_DURATIONS).toEqual({ default: 5000, success: 5000, info: 5000, warning: 6000, error: 7000 });
  });

  it('keeps a loading toast until dismissed and returns its id', () => {
    const id = notify.loading('Saving changes...');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ loading: true, autoClose: false }));
    notify.dismiss(id);
    expect(hide).toHaveBeenCalledWith(id);
  });

  it('lets a caller override the lifetime', () => {
    notify.success('Registration Started', { autoClose: 8000 });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 8000 }));
  });
});
