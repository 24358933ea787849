import { fieldErrors } from '../../api/client';
import { normaliseError } from '../../app/errors';
import type { ChoirErrors, ChoirField } from './validation';

/**
 * ChoirActionError carries the message a failed choir action shows (such as
 * 'Failed to update choir details: {message}'), with the original error as
 * its cause, where the server's field messages are read from.
 */
export class ChoirActionError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ChoirActionError';
  }
}

/** prefixFailure makes an action's failure read '{prefix}: {the error's message}'. */
export function prefixFailure<T>(prefix: string, action: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await action();
    } catch (err) {
      throw new ChoirActionError(`${prefix}: ${normaliseError(err).message}`, err);
    }
  };
}

const FIELDS: readonly ChoirField[] = ['name', 'city', 'postcode', 'country', 'timeZone', 'religiousAffiliationId'];

/** choirFieldErrors reads the server's per-field messages of a failed choir call. */
export function choirFieldErrors(err: unknown): ChoirErrors {
  const details = fieldErrors(err instanceof ChoirActionError ? err.cause : err);
  const errors: ChoirErrors = {};
  for (const field of FIELDS) if (details[field]) errors[field] = details[field];
  return errors;
}
