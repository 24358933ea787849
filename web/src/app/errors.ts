import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { HttpError } from '../api/client';

/** The product error object (accounts §3, calendar §3). */
export interface NormalisedError {
  message: string;
  code: string;
  original: unknown;
}

export const UNKNOWN_ERROR_CODE = 'UNKNOWN_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Network Error';
const GENERIC_MESSAGE = 'An error occurred';
const UNKNOWN_MESSAGE = 'An unknown error occurred';

// What fetch throws when the request never reaches the server differs by
// browser: Chromium, Firefox, Safari, then Node/undici.
const FETCH_FAILURE_MESSAGES = [
  'failed to fetch',
  'networkerror when attempting to fetch resource',
  'load failed',
  'fetch failed',
  'network request failed',
];

/** isNetworkFailure tells a TypeError thrown by fetch from any other TypeError. */
export function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  const message = err.message.toLowerCase();
  return FETCH_FAILURE_MESSAGES.some((m) => message.includes(m));
}

/** normaliseError applies the error object normalisation of accounts §8 and calendar §8. */
export function normaliseError(err: unknown): NormalisedError {
  if (err instanceof HttpError) {
    return {
      message: err.body?.message || err.message || GENERIC_MESSAGE,
      code: err.body?.code || err.code || UNKNOWN_ERROR_CODE,
      original: err,
    };
  }
  if (isNetworkFailure(err)) {
    return { message: NETWORK_ERROR_MESSAGE, code: UNKNOWN_ERROR_CODE, original: err };
  }
  if (err instanceof Error) {
    return { message: err.message || GENERIC_MESSAGE, code: UNKNOWN_ERROR_CODE, original: err };
  }
  if (typeof err === 'string') {
    return { message: err || GENERIC_MESSAGE, code: UNKNOWN_ERROR_CODE, original: err };
  }
  return { message: UNKNOWN_MESSAGE, code: UNKNOWN_ERROR_CODE, original: err };
}

export type ErrorType = 'network' | 'permission' | 'storage' | 'validation' | 'unknown';

export interface ErrorClassification {
  type: ErrorType;
  retryable: boolean;
  userMessage: string;
}

interface ClassificationRule extends ErrorClassification {
  keywords: readonly string[];
}

/** The classification table of calendar §8, checked top to bottom. */
export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  {
    keywords: ['network', 'fetch', 'connection', 'timeout'],
    type: 'network',
    retryable: true,
    userMessage: 'Connection issue detected. Please check your internet connection and try again.',
  },
  {
    keywords: ['unauthorized', 'permission', 'access denied', 'forbidden'],
    type: 'permission',
    retryable: false,
    userMessage: "You don't have permission to perform this action. Please contact your choir administrator.",
  },
  {
    keywords: ['storage', 'upload', 'file too large', 'quota exceeded'],
    type: 'storage',
    retryable: true,
    userMessage: 'File upload failed. Please check file size and storage limits, then try again.',
  },
  {
    keywords: ['validation', 'invalid', 'required', 'duplicate'],
    type: 'validation',
    retryable: false,
    userMessage: 'Please check your input and try again. Some required information may be missing.',
  },
  {
    keywords: ['supabase', 'postgresql', 'database'],
    type: 'unknown',
    retryable: true,
    userMessage: 'A temporary issue occurred. Please try again in a moment.',
  },
];

export const FALLBACK_CLASSIFICATION: ErrorClassification = {
  type: 'unknown',
  retryable: true,
  userMessage: 'Something went wrong. Please try again, and contact support if the problem continues.',
};

/** classifyError reads an error message as the table of calendar §8 does. */
export function classifyError(message: string): ErrorClassification {
  const text = message.toLowerCase();
  const rule = CLASSIFICATION_RULES.find((r) => r.keywords.some((k) => text.includes(k)));
  if (!rule) return { ...FALLBACK_CLASSIFICATION };
  return { type: rule.type, retryable: rule.retryable, userMessage: rule.userMessage };
}

/** Context messages of calendar §8, for the features that land later. */
export const ERROR_CONTEXT_MESSAGES = {
  music: {
    load: 'Unable to load your music library. Please refresh the page and try again.',
    upload: 'Music upload failed. Please check your file and try again.',
    delete: 'Unable to delete music piece. Please try again.',
    save: 'Unable to save changes to music piece. Please try again.',
  },
  members: {
    load: 'Unable to load choir members. Please refresh the page and try again.',
    invite: 'Failed to send member invitation. Please check the email address and try again.',
    update: 'Unable to update member information. Please try again.',
  },
  calendar: {
    load: 'Unable to load calendar events. Please refresh the page and try again.',
    create: 'Failed to create event. Please check your information and try again.',
    save: 'Unable to save event changes. Please try again.',
  },
  auth: {
    signIn: 'Sign in failed. Please check your email and password.',
    signUp: 'Account creation failed. Please try again or contact support.',
    passwordReset: 'Password reset failed. Please try again.',
  },
} as const;

/** Error toasts last 7 s (calendar §8 'Toasts', accounts §9). */
export const ERROR_TOAST_MS = 7000;

export interface ErrorToastOptions {
  title?: ReactNode;
  id?: string;
  autoClose?: number | false;
  /** Important toasts win a place when more than the visible limit are queued. */
  important?: boolean;
}

/** showErrorToast is the one place error toasts are drawn; notify.error uses it too. */
export function showErrorToast(message: ReactNode, options: ErrorToastOptions = {}): string {
  return notifications.show({
    id: options.id,
    title: options.title,
    message,
    color: 'red',
    autoClose: options.autoClose ?? ERROR_TOAST_MS,
    withBorder: options.important ?? false,
    priority: options.important ? 1 : 0,
  });
}

/**
 * handleError is the product's error handler: it shows the custom message if
 * given, else the normalised one, and returns the normalised error.
 */
export function handleError(err: unknown, customMessage?: string): NormalisedError {
  const normalised = normaliseError(err);
  reportError(err);
  showErrorToast(customMessage || normalised.message, { important: true });
  return normalised;
}

/**
 * reportError stands in for the external error reporter, which the
 * specification keeps disabled: errors go to the console only.
 */
export function reportError(err: unknown, context?: Record<string, unknown>): void {
  console.error('[error reporting disabled]', err, ...(context ? [context] : []));
}

/** serverMessageOr: the server's own words for a refusal, else the fallback (a network failure, say). */
export function serverMessageOr(err: unknown, fallback: string): string {
  return err instanceof HttpError && err.body?.message ? err.body.message : fallback;
}

/** reportFailure shows a failed action's toast: the server's message, or the fallback. */
export function reportFailure(err: unknown, fallback: string) {
  handleError(err, serverMessageOr(err, fallback));
}
