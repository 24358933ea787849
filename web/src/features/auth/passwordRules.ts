// The five password rules of accounts §5, mirrored from the server
// (internal/auth/validate.go), which enforces them.

export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  /** Checklist label. */
  label: string;
  /** Message on the registration form. */
  message: string;
  /** Message on the new-password screens, where all failures are listed. */
  newPasswordMessage: string;
  test: (password: string) => boolean;
}

const specialClass = /[!@#$%^&*(),.?":{}|<>]/;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    newPasswordMessage: 'Password must be at least 8 characters long',
    test: (p) => [...p].length >= 8,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    newPasswordMessage: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    newPasswordMessage: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    newPasswordMessage: 'Password must contain at least one number',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: `One special character (${SPECIAL_CHARACTERS})`,
    message: 'Password must contain at least one special character',
    newPasswordMessage: `Password must contain at least one special character (${SPECIAL_CHARACTERS})`,
    test: (p) => specialClass.test(p),
  },
];

/** passwordFailures lists the rules a password breaks, in rule order. */
export function passwordFailures(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
