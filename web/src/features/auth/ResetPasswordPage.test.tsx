import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from './ResetPasswordPage';
import { apiError, cleanNotifications, renderRoutes, stubApi } from './testing';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/login', element: <h1>Login page</h1> },
];

const newPassword = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmPassword = () => screen.getByLabelText(/^Confirm new password/, { selector: 'input' });
const form = () => screen.getByRole('form', { name: 'Set a new password' });
const ruleMet = (label: string) =>
  within(screen.getByRole('list', { name: 'Password requirements' })).getByText(label).closest('li')?.getAttribute('data-met');

/** The lines of a field's error message, as shown under the field. */
function errorLines(input: HTMLElement): string[] {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  const el = ids.length ? document.getElementById(ids[0]) : null;
  if (!el) return [];
  return el.children.length ? Array.from(el.children).map((c) => c.textContent ?? '') : [el.textContent ?? ''];
}

afterEach(() => {
  cleanNotifications();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ResetPasswordPage', () => {
  it('shows the live checklist and the match indicator', async () => {
    stubApi();
    renderRoutes(routes, '/reset-password?token=abc');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(ruleMet('At least 8 characters')).toBe('false');

    await user.type(newPassword(), 'Sunday#Mass1');
    expect(ruleMet('At least 8 characters')).toBe('true');
    expect(ruleMet('One number')).toBe('true');
    expect(screen.queryByText('Passwords match')).not.toBeInTheDocument();

    await user.type(confirmPassword(), 'Sunday#Mass');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    await user.type(confirmPassword(), '1');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
  });

  it('lists every broken rule, one per line, with the new-password messages', async () => {
    const api = stubApi();
    renderRoutes(routes, '/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(newPassword(), 'abc');
    await user.type(confirmPassword(), 'abd');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(errorLines(newPassword())).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
    ]);
    expect(confirmPassword()).toHaveAccessibleDescription('Passwords do not match');
    expect(api.bodies('POST', '/auth/password/reset')).toHaveLength(0);
  });

  it('updates the password, offers Go to Login Now and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'POST /auth/password/reset': () => new Response(null, { status: 204 }) });
    const { router } = renderRoutes(routes, '/reset-password?token=tok-123');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(newPassword(), 'Sunday#Mass1');
    await user.type(confirmPassword(), 'Sunday#Mass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Password Updated Successfully!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login Now' })).toHaveAttribute('href', '/login');
    expect(api.bodies('POST', '/auth/password/reset')).toEqual([{ token: 'tok-123', password: 'Sunday#Mass1' }]);

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('shows the server message when the update fails', async () => {
    stubApi({
      'POST /auth/password/reset': () => apiError(400, 'INVALID_TOKEN', 'This password reset link has expired.'),
    });
    renderRoutes(routes, '/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(newPassword(), 'Sunday#Mass1');
    await user.type(confirmPassword(), 'Sunday#Mass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent('This password reset link has expired.');
    expect(within(alert).getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("falls back to 'Failed to update password. Please try again.'", async () => {
    stubApi({ 'POST /auth/password/reset': () => new Response('', { status: 500 }) });
    renderRoutes(routes, '/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(newPassword(), 'Sunday#Mass1');
    await user.type(confirmPassword(), 'Sunday#Mass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Failed to update password. Please try again.');
  });

  it('shows the server’s password rules under the field, one per line', async () => {
    stubApi({
      'POST /auth/password/reset': () =>
        apiError(400, 'VALIDATION_ERROR', 'Invalid password.', {
          details: { password: 'Password must not be one you used before\nPassword is too common' },
        }),
    });
    renderRoutes(routes, '/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(newPassword(), 'Sunday#Mass1');
    await user.type(confirmPassword(), 'Sunday#Mass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() =>
      expect(errorLines(newPassword())).toEqual(['Password must not be one you used before', 'Password is too common']),
    );
  });

  it('explains a link without a token and points to /forgot-password', () => {
    stubApi();
    renderRoutes(routes, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or incomplete. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });
});
