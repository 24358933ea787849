import { normaliseError } from '../../app/errors';

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

/** prefixFailure runs an action whose failure reads '{prefix}: {the error's message}'. */
export async function prefixFailure<T>(prefix: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    throw new ChoirActionError(`${prefix}: ${normaliseError(err).message}`, err);
  }
}

/** causeOf is the error a failed choir action met: the server's answer, with its field messages. */
export function causeOf(err: unknown): unknown {
  return err instanceof ChoirActionError ? err.cause : err;
}
