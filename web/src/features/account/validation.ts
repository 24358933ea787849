import { passwordFailures, PASSWORDS_DO_NOT_MATCH } from '../auth';

/** Profile name limits of accounts §5 'Profile step' and §9. */
export const NAME_MAX = 50;

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

function length(s: string): number {
  return [...s].length;
}

/** validateProfile applies accounts §5: names 1 to 50 characters, phone optional. */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const first = values.firstName.trim();
  const last = values.lastName.trim();
  if (!first) errors.firstName = 'First name is required';
  else if (length(first) > NAME_MAX) errors.firstName = 'First name is too long';
  if (!last) errors.lastName = 'Last name is required';
  else if (length(last) > NAME_MAX) errors.lastName = 'Last name is too long';
  return errors;
}

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordChangeErrors {
  currentPassword?: string;
  /** Every broken rule, one per line (accounts §5 'New password screen'). */
  newPassword?: string[];
  confirmPassword?: string;
}

/** validatePasswordChange applies the new-password rules of accounts §5. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  const failures = passwordFailures(values.newPassword);
  if (failures.length) errors.newPassword = failures.map((rule) => rule.newPasswordMessage);
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

/** normaliseCode drops the spaces and dashes people type into authenticator codes. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(normaliseCode(code));
}
