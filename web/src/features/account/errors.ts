import { fieldErrors as httpFieldErrors, HttpError } from '../../api/client';
import { isNetworkFailure, normaliseError } from '../../app/errors';

/** The profile messages of accounts §8. */
export const PROFILE_MESSAGES = {
  auth: 'Authentication error. Please try logging in again.',
  failed: 'Failed to update profile. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  success: 'Profile updated successfully!',
} as const;

/**
 * AccountActionError carries the message a failed account action shows, with
 * the original error as its cause (field errors are read from there).
 */
export class AccountActionError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'AccountActionError';
  }
}

/** serverError is the error the server answered, inside an AccountActionError or not. */
export function serverError(err: unknown): unknown {
  return err instanceof AccountActionError ? err.cause : err;
}

/** fieldErrors reads the server's per-field messages of a 400 VALIDATION_ERROR. */
export function fieldErrors(err: unknown): Record<string, string> {
  return httpFieldErrors(serverError(err));
}

/** errorMessage is the message to show for an error: the server's, or the normalised one. */
export function errorMessage(err: unknown): string {
  if (err instanceof AccountActionError) return err.message;
  return normaliseError(err).message;
}

/** profileErrorMessage picks the accounts §8 profile message for a failed save. */
export function profileErrorMessage(err: unknown): string {
  const e = serverError(err);
  if (e instanceof HttpError) return e.status === 401 ? PROFILE_MESSAGES.auth : PROFILE_MESSAGES.failed;
  if (isNetworkFailure(e)) return PROFILE_MESSAGES.failed;
  return PROFILE_MESSAGES.unexpected;
}

/**
 * withMessage wraps an action so that its failure carries the message chosen
 * by messageFor; the form submission flow shows that message in its toast.
 */
export function withMessage<A extends unknown[], T>(
  action: (...args: A) => Promise<T>,
  messageFor: (err: unknown) => string,
): (...args: A) => Promise<T> {
  return async (...args: A) => {
    try {
      return await action(...args);
    } catch (err) {
      throw new AccountActionError(messageFor(err), err);
    }
  };
}
