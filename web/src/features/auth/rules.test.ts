import { describe, expect, it } from 'vitest';
import { isSecurityWait, PASSWORD_ACCOUNT_MESSAGE, providerLabel, socialAccountMessage, waitSeconds } from './authApi';
import { returnPath } from './useCompleteSignIn';
import { emailError, validateLogin, validateNewPassword, validateRegistration } from './validation';

describe('rate-limit reading (§4.8)', () => {
  it.each([
    ['For security purposes, you can only request this after 42 seconds.', true, 42],
    ['For security purposes, you can only request this after 1 second.', false, 1],
    ['For Security reasons wait a few seconds.', true, 60],
    ['Too many requests.', false, 60],
  ])('%s', (message, security, seconds) => {
    expect(isSecurityWait(message)).toBe(security);
    expect(waitSeconds(message)).toBe(seconds);
  });

  it('uses the given fallback when the message has no number', () => {
    expect(waitSeconds('please wait', 17)).toBe(17);
  });
});

describe('existing-account messages (§8)', () => {
  it('names the providers as people know them', () => {
    expect(providerLabel('google')).toBe('Google');
    expect(providerLabel('azure')).toBe('Microsoft');
    expect(socialAccountMessage('google')).toBe(
      'Account Already Exists: This email is already registered using Google authentication. Please sign in using the Google button on the login page.',
    );
    expect(PASSWORD_ACCOUNT_MESSAGE).toBe(
      'This email is already registered. Please sign in using your email and password, or use the "Forgot Password" option if needed.',
    );
  });
});

describe('returnPath', () => {
  it.each([
    [{ from: { pathname: '/dashboard/calendar', search: '?view=month', hash: '' } }, '/dashboard/calendar?view=month'],
    [{ from: { pathname: '/account/security' } }, '/account/security'],
    [null, '/dashboard'],
    [{}, '/dashboard'],
    [{ from: { pathname: '//evil.example.com/x' } }, '/dashboard'],
    [{ from: { pathname: '/\\evil.example.com/x' } }, '/dashboard'],
    [{ from: { pathname: 'https://evil.example.com/x' } }, '/dashboard'],
    [{ from: { pathname: '/login', search: '?next=/x' } }, '/dashboard'],
    [{ from: { pathname: '/login' } }, '/dashboard'],
    [{ from: 'dashboard' }, '/dashboard'],
  ])('%j → %s', (state, want) => {
    expect(returnPath(state)).toBe(want);
  });
});

describe('form rules (§5)', () => {
  it('checks emails', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('   ')).toBe('Email is required');
    expect(emailError('ada@')).toBe('Please enter a valid email address');
    expect(emailError('ada @example.com')).toBe('Please enter a valid email address');
    expect(emailError(' ada@example.com ')).toBeUndefined();
  });

  it('counts name length in characters, up to 100', () => {
    const base = { email: 'a@b.co', password: 'Abcdef1!', confirmPassword: 'Abcdef1!', phoneNumber: '' };
    expect(validateRegistration({ ...base, firstName: 'é'.repeat(100), lastName: 'x' })).toEqual({});
    expect(validateRegistration({ ...base, firstName: 'é'.repeat(101), lastName: ' ' })).toEqual({
      firstName: 'First name is too long',
      lastName: 'Last name is required',
    });
  });

  it('needs both login fields', () => {
    expect(validateLogin('', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin('ada@example.com', 'x')).toEqual({});
  });

  it('lists every broken new-password rule', () => {
    expect(validateNewPassword('abcdefgh', 'abcdefgh')).toEqual({
      password: [
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
      ].join('\n'),
    });
    expect(validateNewPassword('Abcdef1!', '')).toEqual({ confirmPassword: 'Please confirm your password' });
    expect(validateNewPassword('Abcdef1!', 'Abcdef1?')).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});
