// The one way the web app writes: every change is a TanStack Query mutation
// made with useSubmission, whose meta says what the user sees while it runs;
// the MutationCache (submissionCache) shows it, so no page does.
import {
  MutationCache,
  useMutation,
  type DefaultError,
  type Mutation,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { handleError } from './errors';
import { DEFAULT_LOADING_MESSAGE, DEFAULT_SUCCESS_MESSAGE, notify } from './notify';

/**
 * Submission is the form-submission behaviour of accounts §4.11 and
 * calendar §4 for one kind of change: a loading toast until it settles,
 * then a success toast, or the error toast (and the caller's promise
 * rejects). Absent, a mutation shows nothing of its own.
 */
export interface Submission {
  /** Replaces 'Saving changes...'. */
  loadingMessage?: string;
  /** Replaces 'Changes saved successfully'; null shows no success toast; a function says it from the result. */
  successMessage?: string | null | ((data: unknown) => string | null);
  /** Shown instead of the normalised error message. */
  errorMessage?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { submission?: Submission };
  }
}

/**
 * submissionCache shows each mutation's Submission: one place for every form.
 * onFailure hears every failed change, with or without a Submission.
 */
export function submissionCache(onFailure?: (err: unknown) => void): MutationCache {
  const loading = new WeakMap<Mutation<unknown, unknown, unknown, unknown>, string>();
  const settle = (mutation: Mutation<unknown, unknown, unknown, unknown>) => {
    const id = loading.get(mutation);
    if (id) notify.dismiss(id);
    loading.delete(mutation);
    return mutation.meta?.submission;
  };
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      const submission = mutation.meta?.submission;
      if (submission) loading.set(mutation, notify.loading(submission.loadingMessage ?? DEFAULT_LOADING_MESSAGE));
    },
    onSuccess: (data, _variables, _context, mutation) => {
      const submission = settle(mutation);
      const message = typeof submission?.successMessage === 'function' ? submission.successMessage(data) : submission?.successMessage;
      if (submission && message !== null) notify.success(message ?? DEFAULT_SUCCESS_MESSAGE);
    },
    onError: (err, _variables, _context, mutation) => {
      onFailure?.(err);
      const submission = settle(mutation);
      if (submission) handleError(err, submission.errorMessage);
    },
  });
}

export type SubmissionResult<TData, TVariables> = UseMutationResult<TData, DefaultError, TVariables> & {
  /**
   * submit runs the change, unless one of this form's is still running
   * (then it resolves to undefined and calls nothing: a second click does
   * nothing). It rejects when the change fails, after the error toast.
   * What the form does on success or failure goes in callbacks, which run
   * after the toasts.
   */
  submit: (variables: TVariables, callbacks?: MutateOptions<TData, DefaultError, TVariables>) => Promise<TData | undefined>;
  /** The change is running: the submit button shows it. */
  submitting: boolean;
};

/**
 * useSubmission is useMutation for a change a person makes. A write is
 * never repeated on its own (retry: false): a refused one would be counted
 * twice (a wrong password towards the sign-in pause), and one whose answer
 * was lost may have happened. The specification's one retry is for reads.
 */
export function useSubmission<TData, TVariables = void>(
  options: UseMutationOptions<TData, DefaultError, TVariables> & { meta?: { submission?: Submission } },
): SubmissionResult<TData, TVariables> {
  const mutation = useMutation<TData, DefaultError, TVariables>({ retry: false, ...options });
  const running = useRef(false);
  const { mutateAsync } = mutation;
  const submit = useCallback(
    async (variables: TVariables, callbacks?: MutateOptions<TData, DefaultError, TVariables>) => {
      if (running.current) return undefined;
      running.current = true;
      try {
        return await mutateAsync(variables, callbacks);
      } finally {
        running.current = false;
      }
    },
    [mutateAsync],
  );
  return { ...mutation, submit, submitting: mutation.isPending };
}
