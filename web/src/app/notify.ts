import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ERROR_TOAST_MS, showErrorToast } from './errors';

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
