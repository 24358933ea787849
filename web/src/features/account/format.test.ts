import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../components/format';
import { describeUserAgent, providerName } from './format';
import { recoveryCodesText } from './recoveryCodes';
import { isTotpCode, validatePasswordChange, validateProfile } from './validation';

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera on Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'Chrome on iPhone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPad'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'Unknown browser'],
    ['', 'Unknown device'],
  ])('%s', (ua, want) => {
    expect(describeUserAgent(ua)).toBe(want);
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T10:00:00Z', '2 hours ago'],
    ['2026-03-09T11:00:00Z', 'yesterday'],
    ['2026-02-20T12:00:00Z', '2 weeks ago'],
    ['not a date', 'not a date'],
  ])('%s', (iso, want) => {
    expect(formatRelative(iso, now)).toBe(want);
  });
});

describe('providerName', () => {
  it('names the providers as people know them', () => {
    expect(providerName('google')).toBe('Google');
    expect(providerName('azure')).toBe('Microsoft');
    expect(providerName('github')).toBe('Github');
  });
});

describe('validateProfile', () => {
  const ok = { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '' };
  it.each([
    [{ ...ok }, {}],
    [{ ...ok, firstName: '  ' }, { firstName: 'First name is required' }],
    [{ ...ok, lastName: '' }, { lastName: 'Last name is required' }],
    [{ ...ok, firstName: 'x'.repeat(50), lastName: 'y'.repeat(50) }, {}],
    [{ ...ok, firstName: 'x'.repeat(51) }, { firstName: 'First name is too long' }],
    [{ ...ok, lastName: 'y'.repeat(51) }, { lastName: 'Last name is too long' }],
    // Fifty letters outside the basic plane are fifty characters.
    [{ ...ok, firstName: '𝄞'.repeat(50) }, {}],
  ])('%j', (values, want) => {
    expect(validateProfile(values)).toEqual(want);
  });
});

describe('validatePasswordChange', () => {
  it('passes a good change', () => {
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'Good-pass1!', confirmPassword: 'Good-pass1!' })).toEqual({});
  });
  it('lists every broken rule and the mismatch', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: [
        'Password must be at least 8 characters long',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
      ],
      confirmPassword: 'Passwords do not match',
    });
  });
  it('asks for the confirmation', () => {
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'Good-pass1!', confirmPassword: '' }).confirmPassword).toBe(
      'Please confirm your password',
    );
  });
});

describe('codes', () => {
  it.each([
    ['123456', true],
    ['123 456', true],
    ['123-456', true],
    ['12345', false],
    ['12345a', false],
  ])('isTotpCode(%s)', (code, want) => {
    expect(isTotpCode(code)).toBe(want);
  });

  it('writes the recovery codes file', () => {
    const text = recoveryCodesText(['a1', 'b2'], 'ada@example.com', new Date('2026-03-10T12:00:00Z'));
    expect(text).toBe(
      [
        'Cantica recovery codes',
        'Account: ada@example.com',
        'Created: 2026-03-10',
        '',
        'Each code signs you in once if you cannot use your authenticator app.',
        'Keep this file somewhere safe, such as a password manager.',
        '',
        'a1',
        'b2',
        '',
      ].join('\n'),
    );
  });
});
