import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/api';
import { queryWrapper, spyOnToasts, testQueryClient } from '../test/render';
import { useSubmission, type Submission } from './mutations';

const toasts = spyOnToasts();

/** renderSubmission renders useSubmission in a query client whose mutations show their submissions. */
function renderSubmission<T>(mutationFn: (n: number) => Promise<T>, submission: Submission = {}, onSuccess?: (data: T) => void) {
  const client = testQueryClient();
  const wrapper = queryWrapper(client);
  return renderHook(() => useSubmission({ mutationFn, meta: { submission }, onSuccess }), { wrapper });
}

describe('useSubmission (the form submission of accounts §4.11 and calendar §4)', () => {
  it('shows a loading toast, then the default success toast, then runs what the form does on success', async () => {
    const onSuccess = vi.fn();
    const order: string[] = [];
    toasts.show.mockImplementation((data) => {
      order.push(String(data.message));
      return `toast-${order.length}`;
    });
    const { result } = renderSubmission(async (n) => `saved ${n}`, {}, onSuccess);
    let answer: string | undefined;
    await act(async () => {
      answer = await result.current.submit(1, { onSuccess: () => order.push('form reset') });
    });
    expect(answer).toBe('saved 1');
    expect(order).toEqual(['Saving changes...', 'Changes saved successfully', 'form reset']);
    expect(toasts.show).toHaveBeenNthCalledWith(1, expect.objectContaining({ loading: true }));
    expect(toasts.show).toHaveBeenNthCalledWith(2, expect.objectContaining({ autoClose: 5000 }));
    expect(toasts.hide).toHaveBeenCalledWith('toast-1');
    expect(onSuccess).toHaveBeenCalledWith('saved 1', 1, undefined, expect.anything());
  });

  it('says what the change says: its own loading and success texts, or no success toast', async () => {
    const { result } = renderSubmission(async () => undefined, { loadingMessage: 'Creating...', successMessage: 'Profile updated successfully!' });
    await act(() => result.current.submit(1));
    expect(toasts.show).toHaveBeenNthCalledWith(1, expect.objectContaining({ message: 'Creating...' }));
    expect(toasts.show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Profile updated successfully!' }));
    toasts.show.mockClear();
    const quiet = renderSubmission(async () => undefined, { successMessage: null });
    await act(() => quiet.result.current.submit(1));
    expect(toasts.show).toHaveBeenCalledTimes(1); // the loading toast alone
  });

  it('ignores a second submit while the first runs, and takes one once it has settled', async () => {
    const first = deferred<string>();
    const calls: number[] = [];
    const { result } = renderSubmission((n) => {
      calls.push(n);
      return n === 1 ? first.promise : Promise.resolve(`second ${n}`);
    });
    let running!: Promise<string | undefined>;
    act(() => {
      running = result.current.submit(1);
    });
    await waitFor(() => expect(result.current.submitting).toBe(true));
    await act(async () => expect(await result.current.submit(2)).toBeUndefined());
    expect(calls).toEqual([1]);
    await act(async () => {
      first.resolve('first');
      expect(await running).toBe('first');
    });
    await act(async () => expect(await result.current.submit(3)).toBe('second 3'));
    expect(calls).toEqual([1, 3]);
  });

  it('on failure dismisses the loading toast, shows the error toast, runs the form’s onError and rejects, once', async () => {
    const err = new Error('Update failed');
    const calls = vi.fn();
    const onError = vi.fn();
    const { result } = renderSubmission(async () => {
      calls();
      throw err;
    });
    await act(async () => {
      await expect(result.current.submit(1, { onError })).rejects.toBe(err);
    });
    expect(calls).toHaveBeenCalledTimes(1); // a write is not repeated on its own
    expect(toasts.hide).toHaveBeenCalledWith('toast-1');
    expect(toasts.show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Update failed', color: 'red', autoClose: 7000 }));
    expect(toasts.show).not.toHaveBeenCalledWith(expect.objectContaining({ message: 'Changes saved successfully' }));
    expect(onError).toHaveBeenCalledWith(err, 1, undefined, expect.anything());
    expect(result.current.submitting).toBe(false);
  });

  it('shows an error in the change’s own words when it gives them', async () => {
    const { result } = renderSubmission(async () => {
      throw new Error('boom');
    }, { errorMessage: 'Failed to update profile. Please try again.' });
    await act(async () => {
      await expect(result.current.submit(1)).rejects.toThrow('boom');
    });
    expect(toasts.show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Failed to update profile. Please try again.' }));
  });
});
