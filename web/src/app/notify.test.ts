import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { notify, runFormSubmission, TOAST_DURATIONS, type SubmissionGuard } from './notify';

let show: MockInstance<typeof notifications.show>;
let hide: MockInstance<typeof notifications.hide>;

beforeEach(() => {
  let n = 0;
  show = vi.spyOn(notifications, 'show').mockImplementation((data) => data.id ?? `toast-${++n}`);
  hide = vi.spyOn(notifications, 'hide').mockImplementation((id) => id);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

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

describe('runFormSubmission', () => {
  it('shows a loading toast, then the default success toast, and runs onSuccess', async () => {
    const guard: SubmissionGuard = { running: false };
    const onSuccess = vi.fn();
    const result = await runFormSubmission(guard, async () => 'saved', { onSuccess });
    expect(result).toBe('saved');
    expect(show).toHaveBeenNthCalledWith(1, expect.objectContaining({ message: 'Saving changes...', loading: true }));
    expect(hide).toHaveBeenCalledWith('toast-1');
    expect(show).toHaveBeenNthCalledWith(
      2,
      expect.objectContaining({ message: 'Changes saved successfully', autoClose: 5000 }),
    );
    expect(onSuccess).toHaveBeenCalledWith('saved');
    expect(guard.running).toBe(false);
  });

  it('uses a custom success message', async () => {
    await runFormSubmission({ running: false }, async () => undefined, { successMessage: 'Profile updated successfully!' });
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Profile updated successfully!' }));
  });

  it('ignores a second call while the first runs', async () => {
    const guard: SubmissionGuard = { running: false };
    const first = deferred<string>();
    const submitFirst = vi.fn(() => first.promise);
    const submitSecond = vi.fn(async () => 'second');

    const running = runFormSubmission(guard, submitFirst);
    await expect(runFormSubmission(guard, submitSecond)).resolves.toBeUndefined();
    expect(submitSecond).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledTimes(1); // only the first loading toast

    first.resolve('first');
    await expect(running).resolves.toBe('first');

    // Once settled, the form can be submitted again.
    await expect(runFormSubmission(guard, submitSecond)).resolves.toBe('second');
  });

  it('on failure dismisses the loading toast, shows an error toast, runs onError and rethrows', async () => {
    const guard: SubmissionGuard = { running: false };
    const onError = vi.fn();
    const err = new Error('Update failed');
    await expect(
      runFormSubmission(
        guard,
        async () => {
          throw err;
        },
        { onError },
      ),
    ).rejects.toBe(err);
    expect(hide).toHaveBeenCalledWith('toast-1');
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Update failed', color: 'red', autoClose: 7000 }),
    );
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ message: 'Changes saved successfully' }));
    expect(onError).toHaveBeenCalledWith(err);
    expect(guard.running).toBe(false);
  });
});
