import { describe, expect, it } from 'vitest';
import { spyOnToasts } from '../test/render';
import { notify, TOAST_DURATIONS } from './notify';

const toasts = spyOnToasts();

describe('toast durations', () => {
  it.each([
    ['show', 5000],
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 7000],
  ] as const)('%s lasts %i ms', (kind, ms) => {
    notify[kind]('Hello');
    expect(toasts.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Hello', autoClose: ms }));
  });

  it('keeps the table of calendar §8', () => {
    expect(TOAST_DURATIONS).toEqual({ default: 5000, success: 5000, info: 5000, warning: 6000, error: 7000 });
  });

  it('keeps a loading toast until dismissed and returns its id', () => {
    const id = notify.loading('Saving changes...');
    expect(toasts.show).toHaveBeenCalledWith(expect.objectContaining({ loading: true, autoClose: false }));
    notify.dismiss(id);
    expect(toasts.hide).toHaveBeenCalledWith(id);
  });

  it('lets a caller override the lifetime', () => {
    notify.success('Registration Started', { autoClose: 8000 });
    expect(toasts.show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 8000 }));
  });
});
