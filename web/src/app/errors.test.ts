import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/client';
import {
  classifyError,
  ERROR_CONTEXT_MESSAGES,
  handleError,
  isNetworkFailure,
  normaliseError,
  type ErrorType,
} from './errors';

const NETWORK = 'Connection issue detected. Please check your internet connection and try again.';
const PERMISSION = "You don't have permission to perform this action. Please contact your choir administrator.";
const STORAGE = 'File upload failed. Please check file size and storage limits, then try again.';
const VALIDATION = 'Please check your input and try again. Some required information may be missing.';
const TEMPORARY = 'A temporary issue occurred. Please try again in a moment.';
const FALLBACK = 'Something went wrong. Please try again, and contact support if the problem continues.';

const TABLE: { keywords: string[]; type: ErrorType; retryable: boolean; text: string }[] = [
  { keywords: ['network', 'fetch', 'connection', 'timeout'], type: 'network', retryable: true, text: NETWORK },
  {
    keywords: ['unauthorized', 'permission', 'access denied', 'forbidden'],
    type: 'permission',
    retryable: false,
    text: PERMISSION,
  },
  {
    keywords: ['storage', 'upload', 'file too large', 'quota exceeded'],
    type: 'storage',
    retryable: true,
    text: STORAGE,
  },
  {
    keywords: ['validation', 'invalid', 'required', 'duplicate'],
    type: 'validation',
    retryable: false,
    text: VALIDATION,
  },
  { keywords: ['supabase', 'postgresql', 'database'], type: 'unknown', retryable: true, text: TEMPORARY },
];

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

describe('classifyError', () => {
  for (const row of TABLE) {
    for (const keyword of row.keywords) {
      for (const message of [
        `Something about ${keyword} happened`,
        keyword.toUpperCase(),
        `x${upperFirst(keyword)}y`,
      ]) {
        it(`reads "${message}" as ${row.type}`, () => {
          expect(classifyError(message)).toEqual({ type: row.type, retryable: row.retryable, userMessage: row.text });
        });
      }
    }
  }

  it.each(['', 'Boom', 'Music piece not found', 'Event not found'])('falls back for "%s"', (message) => {
    expect(classifyError(message)).toEqual({ type: 'unknown', retryable: true, userMessage: FALLBACK });
  });

  it('checks the rows in table order', () => {
    // network before permission, permission before storage, storage before validation, validation before database
    expect(classifyError('Forbidden: network policy').type).toBe('network');
    expect(classifyError('Unauthorized upload').type).toBe('permission');
    expect(classifyError('Upload invalid').type).toBe('storage');
    expect(classifyError('Invalid database row').type).toBe('validation');
    expect(classifyError('Network Error').type).toBe('network');
  });
});

describe('normaliseError', () => {
  it('reads an HTTP error body', () => {
    const err = new HttpError(403, { code: 'PERMISSION_ERROR', message: "You don't have permission to access this page" });
    expect(normaliseError(err)).toEqual({
      message: "You don't have permission to access this page",
      code: 'PERMISSION_ERROR',
      original: err,
    });
  });

  it('falls back to the client message and UNKNOWN_ERROR without a body', () => {
    const err = new HttpError(502, undefined, 'Bad Gateway');
    expect(normaliseError(err)).toEqual({ message: 'Bad Gateway', code: 'UNKNOWN_ERROR', original: err });
    expect(normaliseError(new HttpError(500, undefined)).message).toBe('Request failed with status 500');
  });

  it('uses the body code with the client message when the body has no message', () => {
    const err = new HttpError(404, { code: 'NOT_FOUND' }, 'Not Found');
    expect(normaliseError(err)).toMatchObject({ message: 'Not Found', code: 'NOT_FOUND' });
  });

  it("gives 'An error occurred' for an HTTP error with no message at all", () => {
    const err = new HttpError(500, undefined);
    Object.defineProperty(err, 'message', { value: '' });
    expect(normaliseError(err)).toMatchObject({ message: 'An error occurred', code: 'UNKNOWN_ERROR' });
  });

  it('uses a plain error message', () => {
    const err = new Error('Choir not found');
    expect(normaliseError(err)).toEqual({ message: 'Choir not found', code: 'UNKNOWN_ERROR', original: err });
  });

  it("gives 'An error occurred' for a plain error without a message", () => {
    expect(normaliseError(new Error())).toMatchObject({ message: 'An error occurred', code: 'UNKNOWN_ERROR' });
  });

  it('uses a string as the message', () => {
    expect(normaliseError('Update failed')).toEqual({ message: 'Update failed', code: 'UNKNOWN_ERROR', original: 'Update failed' });
  });

  it.each([42, { message: 'not an Error' }, null, undefined])("gives 'An unknown error occurred' for %s", (value) => {
    expect(normaliseError(value)).toEqual({ message: 'An unknown error occurred', code: 'UNKNOWN_ERROR', original: value });
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed'])(
    "reports the fetch failure '%s' as 'Network Error'",
    (message) => {
      const err = new TypeError(message);
      expect(isNetworkFailure(err)).toBe(true);
      expect(normaliseError(err)).toEqual({ message: 'Network Error', code: 'UNKNOWN_ERROR', original: err });
    },
  );

  it('keeps other TypeErrors as plain errors', () => {
    const err = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(isNetworkFailure(err)).toBe(false);
    expect(normaliseError(err).message).toBe("Cannot read properties of undefined (reading 'id')");
  });
});

describe('handleError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the normalised message for 7000 ms, flagged important', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = handleError(new HttpError(500, { code: 'UPDATE_FAILED', message: 'Update failed' }));
    expect(result.code).toBe('UPDATE_FAILED');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Update failed', color: 'red', autoClose: 7000, withBorder: true, priority: 1 }),
    );
  });

  it('prefers the custom message', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handleError(new Error('boom'), ERROR_CONTEXT_MESSAGES.calendar.load);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Unable to load calendar events. Please refresh the page and try again.' }),
    );
  });
});
