// The client-side form rules of accounts §5, with the specification's messages.
import { passwordFailures, PASSWORDS_DO_NOT_MATCH } from './passwordRules';

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const CONFIRM_REQUIRED = 'Please confirm your password';
export const NAME_MAX_LENGTH = 100;

// Close to what a browser's type=email accepts: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const length = (s: string) => [...s].length;

/** emailError is the email rule shared by registration, login and forgot password. */
export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return EMAIL_REQUIRED;
  if (!EMAIL_PATTERN.test(value)) return EMAIL_INVALID;
  return undefined;
}

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phoneNumber: string;
}

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** validateRegistration applies the registration rules of accounts §5. */
export function validateRegistration(v: RegistrationValues): FormErrors<keyof RegistrationValues> {
  const errors: FormErrors<keyof RegistrationValues> = {};
  const firstName = v.firstName.trim();
  if (!firstName) errors.firstName = 'First name is required';
  else if (length(firstName) > NAME_MAX_LENGTH) errors.firstName = 'First name is too long';
  const lastName = v.lastName.trim();
  if (!lastName) errors.lastName = 'Last name is required';
  else if (length(lastName) > NAME_MAX_LENGTH) errors.lastName = 'Last name is too long';
  const email = emailError(v.email);
  if (email) errors.email = email;
  // One message at a time under the field; the checklist shows the rest.
  const [firstFailure] = passwordFailures(v.password);
  if (firstFailure) errors.password = firstFailure.message;
  if (!v.confirmPassword) errors.confirmPassword = CONFIRM_REQUIRED;
  else if (v.confirmPassword !== v.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

/** validateLogin: both fields filled, the email well formed (accounts §5). */
export function validateLogin(email: string, password: string): FormErrors<'email' | 'password'> {
  const errors: FormErrors<'email' | 'password'> = {};
  const e = emailError(email);
  if (e) errors.email = e;
  if (!password) errors.password = PASSWORD_REQUIRED;
  return errors;
}

/**
 * validateNewPassword is the new-password rule of accounts §5: every broken
 * rule listed, one per line, and the confirmation must match.
 */
export function validateNewPassword(password: string, confirmPassword: string): FormErrors<'password' | 'confirmPassword'> {
  const errors: FormErrors<'password' | 'confirmPassword'> = {};
  const failures = passwordFailures(password);
  if (failures.length > 0) errors.password = failures.map((r) => r.newPasswordMessage).join('\n');
  if (!confirmPassword) errors.confirmPassword = CONFIRM_REQUIRED;
  else if (confirmPassword !== password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}
