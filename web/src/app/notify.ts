import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ERROR_TOAST_MS, handleError, showErrorToast } from './errors';

/** Toast lifetimes of calendar §8 'Toasts'. Loading toasts stay until dismissed. */
export const TOAST_DURATIONS = {
  default: 5000,
  success: 5000,
  info: 5000,
  warning: 6000,
  error: ERROR_TOAST_MS,
} as const;

export const DEFAULT_SUCCESS_MESSAGE = 'Changes saved successfully';
export const DEFAULT_LOADING_MESSAGE = 'Saving changes...';

export type ToastKind = 'default' | 'success' | 'info' | 'warning' | 'error' | 'loading';

export interface ToastOptions {
  title?: ReactNode;
  id?: string;
  /** Overrides the kind's lifetime; false keeps the toast until dismissed. */
  autoClose?: number | false;
}

const COLORS: Record<Exclude<ToastKind, 'error'>, string | undefined> = {
  default: undefined,
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  loading: undefined,
};

function show(kind: Exclude<ToastKind, 'error' | 'loading'>, message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    id: options.id,
    title: options.title,
    message,
    color: COLORS[kind],
    autoClose: options.autoClose ?? TOAST_DURATIONS[kind],
  });
}

/** notify shows the product's toasts; placement (top-right, at most 3) is set where <Notifications> is mounted. */
export const notify = {
  show: (message: ReactNode, options?: ToastOptions) => show('default', message, options),
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  error: (message: ReactNode, options?: ToastOptions) => showErrorToast(message, options),

  /** loading shows a toast that stays until dismissed or updated; keep the id it returns. */
  loading(message: ReactNode, options: Omit<ToastOptions, 'autoClose'> = {}): string {
    return notifications.show({
      id: options.id,
      title: options.title,
      message,
      loading: true,
      autoClose: false,
      withCloseButton: false,
    });
  },

  /** update turns an existing toast (typically a loading one) into another kind. */
  update(id: string, kind: Exclude<ToastKind, 'loading'>, message: ReactNode, options: Omit<ToastOptions, 'id'> = {}) {
    notifications.update({
      id,
      title: options.title,
      message,
      loading: false,
      withCloseButton: true,
      color: kind === 'error' ? 'red' : COLORS[kind],
      autoClose: options.autoClose ?? TOAST_DURATIONS[kind],
    });
  },

  dismiss(id: string) {
    notifications.hide(id);
  },
};

export interface FormSubmissionOptions<T> {
  successMessage?: string;
  loadingMessage?: string;
  /** Shown instead of the normalised error message. */
  errorMessage?: string;
  onSuccess?: (result: T) => void | Promise<void>;
  onError?: (err: unknown) => void | Promise<void>;
}

/** A flag shared by the submissions of one form; see useFormSubmission. */
export interface SubmissionGuard {
  running: boolean;
}

/**
 * runFormSubmission is the form submission rule of accounts §4.11 and
 * calendar §4: a call made while an earlier one of the same guard runs is
 * ignored (resolves to undefined); otherwise a loading toast shows until the
 * submission settles, then a success toast, or an error toast and a rethrow.
 */
export async function runFormSubmission<T>(
  guard: SubmissionGuard,
  submit: () => Promise<T>,
  options: FormSubmissionOptions<T> = {},
): Promise<T | undefined> {
  if (guard.running) return undefined;
  guard.running = true;
  const loadingId = notify.loading(options.loadingMessage ?? DEFAULT_LOADING_MESSAGE);
  try {
    let result: T;
    try {
      result = await submit();
    } catch (err) {
      notify.dismiss(loadingId);
      handleError(err, options.errorMessage);
      await options.onError?.(err);
      throw err;
    }
    notify.dismiss(loadingId);
    notify.success(options.successMessage ?? DEFAULT_SUCCESS_MESSAGE);
    await options.onSuccess?.(result);
    return result;
  } finally {
    guard.running = false;
  }
}

/** useFormSubmission gives one form its own guard and a busy flag for its submit button. */
export function useFormSubmission() {
  const guard = useRef<SubmissionGuard>({ running: false });
  const [submitting, setSubmitting] = useState(false);

  const submit = useCallback(async <T>(fn: () => Promise<T>, options?: FormSubmissionOptions<T>) => {
    if (guard.current.running) return undefined;
    setSubmitting(true);
    try {
      return await runFormSubmission(guard.current, fn, options);
    } finally {
      setSubmitting(false);
    }
  }, []);

  return { submit, submitting };
}
