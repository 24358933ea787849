import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ada, sessionOf } from '../../test/fixtures';
import type { SessionInfo } from './queries';
import { apiError, calls, json, noContent, renderAccount, stubApi, type Handler } from './testing';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function session(over: Partial<SessionInfo>): SessionInfo {
  return {
    id: 's',
    current: false,
    persistent: false,
    method: 'password',
    createdAt: '2026-03-01T09:30:00Z',
    lastSeenAt: minutesAgo(5),
    expiresAt: '2026-03-31T09:30:00Z',
    userAgent: CHROME_WINDOWS,
    clientIp: '203.0.113.7',
    ...over,
  };
}

function securityApi(extra: Record<string, Handler> = {}, opts: { hasPassword?: boolean; totp?: boolean } = {}) {
  const profile = { ...ada, hasPassword: opts.hasPassword ?? true };
  return stubApi({
    'GET /account/profile': () => json(profile),
    'GET /account/mfa': () => json({ totpEnabled: opts.totp ?? false, recoveryCodesLeft: opts.totp ? 10 : 0 }),
    'GET /account/sessions': () => json([]),
    'GET /auth/session': () => json(sessionOf(profile)),
    ...extra,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

function passwordForm() {
  return screen.getByRole('form', { name: 'Change password' });
}

describe('change password', () => {
  it('lists every broken rule, checks the confirmation live, and sends nothing', async () => {
    const fetchMock = securityApi();
    renderAccount('/account/security');
    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeInTheDocument();
    const current = await screen.findByLabelText(/Current password/);
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    const next = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/Confirm new password/);
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');

    await userEvent.type(next, 'short');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(checklist).getByText('One lowercase letter')).toHaveTextContent('(met)');
    expect(within(checklist).getByText('At least 8 characters')).toHaveTextContent('(not met)');

    await userEvent.type(confirm, 'shorty');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();

    await userEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    for (const message of [
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Password must contain at least one lowercase letter')).not.toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/account/password')).toHaveLength(0);
  });

  it('changes the password, says other sessions were signed out, and refreshes the sessions', async () => {
    let sessions = [session({ id: 'here', current: true }), session({ id: 'there', userAgent: FIREFOX_LINUX })];
    let sent: unknown;
    const fetchMock = securityApi({
      'GET /account/sessions': () => json(sessions),
      'POST /account/password': async (req) => {
        sent = await req.json();
        sessions = sessions.filter((s) => s.current);
        return noContent();
      },
    });
    renderAccount('/account/security');
    expect(await screen.findByText('Firefox on Linux')).toBeInTheDocument();

    await userEvent.type(await screen.findByLabelText(/Current password/), 'Old-pass1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass2!');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'New-pass2!');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    await userEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. You were signed out everywhere else.')).toBeInTheDocument();
    expect(sent).toEqual({ currentPassword: 'Old-pass1', newPassword: 'New-pass2!' });
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    await waitFor(() => expect(screen.queryByText('Firefox on Linux')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'GET', '/account/sessions').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a wrong current password under its field', async () => {
    securityApi({
      'POST /account/password': () =>
        apiError(400, 'VALIDATION_ERROR', 'Please check your input', {
          currentPassword: 'Current password is incorrect',
        }),
    });
    renderAccount('/account/security');
    await userEvent.type(await screen.findByLabelText(/Current password/), 'Wrong-pass1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass2!');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'New-pass2!');
    await userEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription('Current password is incorrect');
  });

  it("lists the server's new-password failures one per line", async () => {
    const problems = [
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
    ];
    securityApi({
      'POST /account/password': () =>
        apiError(400, 'VALIDATION_ERROR', 'Please check your input', { newPassword: problems.join('\n') }),
    });
    renderAccount('/account/security');
    await userEvent.type(await screen.findByLabelText(/Current password/), 'Old-pass1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass2!');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'New-pass2!');
    await userEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));

    const first = await screen.findByText(problems[0]);
    const error = first.parentElement as HTMLElement;
    const lines = Array.from(error.children).map((line) => line.textContent);
    expect(lines).toEqual(problems);
    for (const line of error.children) expect(line).toHaveStyle({ display: 'block' });
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(expect.stringContaining(problems[2]));
  });

  it('tells an account without a password that there is none to change', async () => {
    securityApi({}, { hasPassword: false });
    const { router } = renderAccount('/account/security');
    expect(await screen.findByText(/has no password to change/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Manage connected accounts' }));
    expect(router.state.location.pathname).toBe('/account/connected');
  });
});

describe('two-factor authentication', () => {
  const enrollment = {
    secret: 'JBSWY3DPEHPK3PXP',
    otpauthUrl: 'otpauth://totp/Cantica:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Cantica',
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  };
  const codes = ['abcd-efgh', 'ijkl-mnop', 'qrst-uvwx'];

  it('enrols: QR code and key, the server refusing a wrong code, then the recovery codes once', async () => {
    let totpEnabled = false;
    const fetchMock = securityApi({
      'GET /account/mfa': () => json({ totpEnabled, recoveryCodesLeft: totpEnabled ? 3 : 0 }),
      'POST /account/mfa/totp/enroll': () => json(enrollment),
      'POST /account/mfa/totp/activate': async (req) => {
        const { code } = (await req.json()) as { code: string };
        if (code !== '123456') {
          return apiError(400, 'VALIDATION_ERROR', 'Please check your input', { code: 'That code is not valid' });
        }
        totpEnabled = true;
        return json({ recoveryCodes: codes });
      },
    });
    renderAccount('/account/security');
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    // The code is asked for after every sign-in, a social one too: no word of "with a password".
    expect(screen.getByText('Ask for a code from your authenticator app every time you sign in.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Add a second step to every sign-in, with your password or a connected account: a 6-digit code from an authenticator app on your phone.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/with (a|your) password[,.:]|signing in with a password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', enrollment.qrCode);
    expect(screen.getByText(enrollment.secret)).toBeInTheDocument();

    const code = screen.getByLabelText(/Verification code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/account/mfa/totp/activate')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('That code is not valid')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription('That code is not valid');

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(screen.getByText('Save your recovery codes now')).toBeInTheDocument();
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    expect(screen.getByText('Two-factor authentication turned on')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('3 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.queryByText('abcd-efgh')).not.toBeInTheDocument();
  });

  it('copies and downloads the recovery codes', async () => {
    securityApi({
      'POST /account/mfa/recovery-codes': () => json({ recoveryCodes: codes }),
    }, { totp: true });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:codes');
    // jsdom has no Blob URLs.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    renderAccount('/account/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }));
    await userEvent.type(screen.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Create new recovery codes' }));
    await screen.findByRole('list', { name: 'Recovery codes' });

    await userEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as unknown as HTMLAnchorElement).download).toBe('cantica-recovery-codes.txt');
    const text = await createObjectURL.mock.calls[0][0].text();
    expect(text).toContain('ada@example.com');
    for (const c of codes) expect(text).toContain(c);
  });

  it('says when copying is not possible', async () => {
    securityApi({ 'POST /account/mfa/recovery-codes': () => json({ recoveryCodes: codes }) }, { totp: true });
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderAccount('/account/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }));
    await userEvent.type(screen.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Create new recovery codes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByText(/Copying is not available here/)).toBeInTheDocument();
  });

  it('needs a current code to turn it off', async () => {
    let totpEnabled = true;
    let sent: unknown;
    const fetchMock = securityApi({
      'GET /account/mfa': () => json({ totpEnabled, recoveryCodesLeft: 1 }),
      'POST /account/mfa/totp/disable': async (req) => {
        sent = await req.json();
        totpEnabled = false;
        return noContent();
      },
    });
    renderAccount('/account/security');
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(screen.getByText(/1 recovery code left/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(
      screen.getByText('Without two-factor authentication, your password or connected account alone protects your account.'),
    ).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Turn off two-factor authentication' });
    await userEvent.click(confirm);
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/account/mfa/totp/disable')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Authentication code/), '246810');
    await userEvent.click(confirm);
    expect(await screen.findByText('Two-factor authentication turned off')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(sent).toEqual({ code: '246810' });
    expect(screen.getByRole('button', { name: 'Enable two-factor authentication' })).toBeInTheDocument();
  });

  it('keeps two-factor authentication on when the code is refused, and can cancel', async () => {
    securityApi(
      { 'POST /account/mfa/totp/disable': () => apiError(400, 'INVALID_CODE', 'Invalid authentication code') },
      { totp: true },
    );
    renderAccount('/account/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable two-factor authentication' }));
    await userEvent.type(screen.getByLabelText(/Authentication code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('Invalid authentication code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Two-factor authentication is on.')).toBeInTheDocument();
  });
});

describe("where you're signed in", () => {
  it('describes each session and marks this device', async () => {
    securityApi({
      'GET /account/sessions': () =>
        json([
          session({ id: 'b', userAgent: FIREFOX_LINUX, method: 'google', lastSeenAt: minutesAgo(90) }),
          session({ id: 'a', current: true, persistent: true, userAgent: SAFARI_IPHONE, clientIp: '198.51.100.4' }),
        ]),
    });
    renderAccount('/account/security');
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const [first, second] = within(list).getAllByRole('listitem');

    expect(first).toHaveAccessibleName('Safari on iPhone');
    expect(within(first).getByText('This device')).toBeInTheDocument();
    expect(within(first).getByText('IP address 198.51.100.4')).toBeInTheDocument();
    expect(within(first).getByText('Remembered for 30 days')).toBeInTheDocument();
    expect(within(first).getByText('Last active 5 minutes ago')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();
    expect(within(first).getByText(/sign out/)).toBeInTheDocument();

    expect(second).toHaveAccessibleName('Firefox on Linux');
    expect(within(second).queryByText('This device')).not.toBeInTheDocument();
    expect(within(second).getByText(/^Signed in .* with Google$/)).toBeInTheDocument();
    expect(within(second).getByText('Last active 1 hour ago')).toBeInTheDocument();
    expect(within(second).getByText('Ends when the browser is closed')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'End session' })).toBeInTheDocument();
  });

  it('ends another session and refreshes the list', async () => {
    let sessions = [
      session({ id: 'here', current: true }),
      session({ id: 'phone', userAgent: SAFARI_IPHONE }),
      session({ id: 'laptop', userAgent: FIREFOX_LINUX }),
    ];
    const fetchMock = securityApi({
      'GET /account/sessions': () => json(sessions),
      'DELETE /account/sessions/:id': (_req, { id }) => {
        sessions = sessions.filter((s) => s.id !== id);
        return noContent();
      },
    });
    renderAccount('/account/security');
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const phone = within(list).getByRole('listitem', { name: 'Safari on iPhone' });
    await userEvent.click(within(phone).getByRole('button', { name: 'End session' }));

    expect(await screen.findByText('Signed out of Safari on iPhone')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByRole('listitem', { name: 'Safari on iPhone' })).not.toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/account/sessions/phone')).toHaveLength(1);
    await waitFor(() => expect(calls(fetchMock, 'GET', '/account/sessions')).toHaveLength(2));
  });

  it('keeps a session the server would not end and says why', async () => {
    securityApi({
      'GET /account/sessions': () => json([session({ id: 'here', current: true }), session({ id: 'x', userAgent: FIREFOX_LINUX })]),
      'DELETE /account/sessions/:id': () => apiError(404, 'NOT_FOUND', 'Session not found'),
    });
    renderAccount('/account/security');
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const other = within(list).getByRole('listitem', { name: 'Firefox on Linux' });
    await userEvent.click(within(other).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'Firefox on Linux' })).toBeInTheDocument();
  });
});
