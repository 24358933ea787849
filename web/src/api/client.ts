import createClient from 'openapi-fetch';
import { API_PATH, takeEarlyRead } from './early';
import type { components, paths } from './generated/schema';

export type ApiError = components['schemas']['Error'];
export type Session = components['schemas']['Session'];
export type SessionUser = components['schemas']['SessionUser'];

// One client for the whole app; the server keeps the session in an HttpOnly cookie.
export const api = createClient<paths>({
  // Absolute, because Request needs one outside the browser (tests).
  baseUrl: new URL(API_PATH, window.location.origin).href,
  credentials: 'same-origin',
  // Looked up at call time, so tests can stub the global fetch.
  fetch: (request) => {
    noteIfBeforeWorker(request);
    // The first page's reads may have been asked already, before the app's code came.
    return takeEarlyRead(request) ?? globalThis.fetch(request);
  },
});

/** At most this many addresses are noted before a worker takes the page: a first visit asks a few dozen. */
export const MAX_ASKED_BEFORE_WORKER = 100;
const askedBeforeWorker = new Set<string>();

/**
 * noteIfBeforeWorker notes the address of a read asked while no service
 * worker controls the page yet (a first visit), so that the worker can be
 * given it once it does (takeAskedBeforeWorker).
 */
function noteIfBeforeWorker(request: Request) {
  if (request.method !== 'GET' || !('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  if (askedBeforeWorker.size < MAX_ASKED_BEFORE_WORKER) askedBeforeWorker.add(request.url);
}

/** takeAskedBeforeWorker returns the reads noted before a worker took the page, and forgets them. */
export function takeAskedBeforeWorker(): string[] {
  const urls = [...askedBeforeWorker];
  askedBeforeWorker.clear();
  return urls;
}

/**
 * HttpError carries the server's {code, message} body so the error
 * normalisation of the specification can read it.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Partial<ApiError> | undefined;
  readonly code: string | undefined;

  constructor(status: number, body: Partial<ApiError> | undefined, fallback?: string) {
    super(body?.message || fallback || `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.code = body?.code;
  }
}

/**
 * fieldErrors returns the per-field messages of a VALIDATION_ERROR (or any
 * error carrying details), keyed by field name; empty for other errors.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof HttpError)) return {};
  const details = err.body?.details;
  if (!details || typeof details !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' && value) out[key] = value;
  }
  return out;
}

/** unwrap turns an openapi-fetch result into its data or a thrown HttpError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw new HttpError(result.response.status, result.error as Partial<ApiError> | undefined, result.response.statusText);
  }
  return result.data as T;
}
