import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, sessionOf } from '../../test/fixtures';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { apiError, cleanNotifications, deferred, json, renderRoutes, stubApi } from './testing';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <LoginPage /> },
];

const field = {
  firstName: () => screen.getByRole('textbox', { name: 'First name' }),
  lastName: () => screen.getByRole('textbox', { name: 'Last name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  password: () => screen.getByLabelText(/^Password/, { selector: 'input' }),
  confirm: () => screen.getByLabelText(/^Confirm password/, { selector: 'input' }),
  phone: () => screen.getByRole('textbox', { name: /^Phone number/ }),
};

async function fillValid(values: Partial<Record<keyof typeof field, string>> = {}) {
  const user = userEvent.setup();
  const v = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    password: 'Cobol#1959',
    confirm: 'Cobol#1959',
    ...values,
  };
  for (const [name, value] of Object.entries(v)) {
    const input = field[name as keyof typeof field]();
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
const registrationForm = () => screen.getByRole('form', { name: 'Create your account' });

afterEach(() => {
  cleanNotifications();
  vi.restoreAllMocks();
});

describe('RegisterPage', () => {
  it('shows the fields of §2.7 with their autocomplete hints and a link back to sign-in', () => {
    stubApi();
    renderRoutes(routes, '/register');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(field.firstName()).toHaveAttribute('autocomplete', 'given-name');
    expect(field.lastName()).toHaveAttribute('autocomplete', 'family-name');
    expect(field.email()).toHaveAttribute('autocomplete', 'email');
    expect(field.password()).toHaveAttribute('autocomplete', 'new-password');
    expect(field.confirm()).toHaveAttribute('autocomplete', 'new-password');
    expect(field.phone()).toHaveAttribute('autocomplete', 'tel');
    expect(field.phone()).not.toBeRequired();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/invited to join a choir/)).not.toBeInTheDocument();
  });

  it('shows the required-field messages of §5', async () => {
    const api = stubApi();
    renderRoutes(routes, '/register');
    await submit();
    expect(field.firstName()).toHaveAccessibleDescription('First name is required');
    expect(field.lastName()).toHaveAccessibleDescription('Last name is required');
    expect(field.email()).toHaveAccessibleDescription('Email is required');
    expect(field.password()).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(field.confirm()).toHaveAccessibleDescription('Please confirm your password');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the format and length messages of §5', async () => {
    stubApi();
    renderRoutes(routes, '/register');
    await fillValid({ firstName: 'x'.repeat(101), lastName: 'y'.repeat(101), email: 'grace@', confirm: 'Cobol#1960' });
    await submit();
    expect(field.firstName()).toHaveAccessibleDescription('First name is too long');
    expect(field.lastName()).toHaveAccessibleDescription('Last name is too long');
    expect(field.email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field.confirm()).toHaveAccessibleDescription('Passwords do not match');
    expect(field.password()).not.toHaveAccessibleDescription();
  });

  it.each([
    ['Short#1', 'Password must be at least 8 characters long'],
    ['lowercase#1', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE#1', 'Password must contain at least one lowercase letter'],
    ['NoNumbers#', 'Password must contain at least one number'],
    ['NoSpecial12', 'Password must contain at least one special character'],
  ])('shows the first broken password rule for %s', async (password, message) => {
    stubApi();
    renderRoutes(routes, '/register');
    await fillValid({ password, confirm: password });
    await submit();
    expect(field.password()).toHaveAccessibleDescription(message);
  });

  it('updates the checklist as the password is typed', async () => {
    stubApi();
    renderRoutes(routes, '/register');
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(list).getByText('One uppercase letter').closest('li')).toHaveAttribute('data-met', 'false');
    await userEvent.type(field.password(), 'A');
    expect(within(list).getByText('One uppercase letter').closest('li')).toHaveAttribute('data-met', 'true');
  });

  it('stops with the social-account message when the email signs in with Google', async () => {
    const api = stubApi({
      'POST /auth/check-provider': () => json({ found: true, isOAuth: true, provider: 'google' }),
    });
    renderRoutes(routes, '/register');
    await fillValid();
    await submit();
    const box = await within(registrationForm()).findByRole('alert', { name: 'Registration failed' });
    expect(box).toHaveTextContent(
      'Account Already Exists: This email is already registered using Google authentication. Please sign in using the Google button on the login page.',
    );
    expect(api.bodies('POST', '/auth/check-provider')).toEqual([{ email: 'grace@example.com' }]);
    expect(api.bodies('POST', '/auth/register')).toHaveLength(0);
  });

  it("names the azure provider 'Microsoft'", async () => {
    stubApi({ 'POST /auth/check-provider': () => json({ found: true, isOAuth: true, provider: 'azure' }) });
    renderRoutes(routes, '/register');
    await fillValid();
    await submit();
    expect(await within(registrationForm()).findByRole('alert')).toHaveTextContent(
      'This email is already registered using Microsoft authentication. Please sign in using the Microsoft button',
    );
  });

  it('stops with the password-account message when the email has a password', async () => {
    const api = stubApi({ 'POST /auth/check-provider': () => json({ found: true, isOAuth: false, provider: null }) });
    renderRoutes(routes, '/register');
    await fillValid();
    await submit();
    expect(await within(registrationForm()).findByRole('alert', { name: 'Registration failed' })).toHaveTextContent(
      'This email is already registered. Please sign in using your email and password, or use the "Forgot Password" option if needed.',
    );
    expect(api.bodies('POST', '/auth/register')).toHaveLength(0);
  });

  it('says so when the account status cannot be checked', async () => {
    stubApi({ 'POST /auth/check-provider': () => apiError(500, 'INTERNAL', 'boom') });
    renderRoutes(routes, '/register');
    await fillValid();
    await submit();
    expect(await within(registrationForm()).findByRole('alert')).toHaveTextContent(
      'Unable to verify account status. Please try again.',
    );
  });

  it('registers, shows the confirmation toast for 8 s and goes to /login', async () => {
    const show = vi.spyOn(notifications, 'show');
    const answer = deferred<Response>();
    const api = stubApi({
      'POST /auth/check-provider': () => json({ found: false, isOAuth: false, provider: null }),
      'POST /auth/register': () => answer.promise,
    });
    const { router } = renderRoutes(routes, '/register');
    const user = await fillValid();
    await user.type(field.phone(), '+44 20 7946 0000');
    await submit();
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    answer.resolve(json({ email: 'grace@example.com', signedIn: false }, 201));

    expect(
      await screen.findByText(
        "Registration Started: we've sent a confirmation email to grace@example.com. Check your inbox and spam folder to verify your account before signing in.",
      ),
    ).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 8000 }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(field.email()).toHaveValue('grace@example.com');
    expect(api.bodies('POST', '/auth/register')).toEqual([
      {
        email: 'grace@example.com',
        password: 'Cobol#1959',
        firstName: 'Grace',
        lastName: 'Hopper',
        phoneNumber: '+44 20 7946 0000',
        inviteToken: null,
      },
    ]);
    expect(sessionStorage.getItem('justRegisteredWithInvite')).toBeNull();
  });

  it('shows the server’s per-field validation messages under their fields, one rule per line', async () => {
    stubApi({
      'POST /auth/check-provider': () => json({ found: false, isOAuth: false, provider: null }),
      'POST /auth/register': () =>
        apiError(400, 'VALIDATION_ERROR', 'Please correct the highlighted fields.', {
          details: {
            email: 'Please enter a valid email address',
            password: 'Password must contain at least one number\nPassword must contain at least one special character',
          },
        }),
    });
    renderRoutes(routes, '/register');
    await fillValid();
    await submit();
    await waitFor(() => expect(field.email()).toHaveAccessibleDescription('Please enter a valid email address'));
    const passwordError = document.getElementById(field.password().getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(Array.from(passwordError.children).map((line) => line.textContent)).toEqual([
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('shows a 409 ACCOUNT_EXISTS answer in the error box', async () => {
    stubApi({
      'POST /auth/check-provider': () => json({ found: false, isOAuth: false, provider: null }),
      'POST /auth/register': () =>
        apiError(
          409,
          'ACCOUNT_EXISTS',
          'This email is already registered. Please sign in using your email and password, or use the "Forgot Password" option if needed.',
        ),
    });
    renderRoutes(routes, '/register');
    await fillValid();
    await submit();
    expect(await within(registrationForm()).findByRole('alert', { name: 'Registration failed' })).toHaveTextContent(
      'This email is already registered.',
    );
  });

  it('registering with the invited address signs in and joins at once, with one welcome toast', async () => {
    const show = vi.spyOn(notifications, 'show');
    const token = '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11';
    const grace = { ...ada, id: 'u-grace', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', lastAccessedChoirId: 'c1' };
    let registered = false;
    const api = stubApi({
      'GET /auth/session': () => json(registered ? sessionOf(grace) : { user: null, choirs: [] }),
      'POST /auth/check-provider': () => json({ found: false, isOAuth: false, provider: null }),
      'POST /auth/register': () => {
        registered = true;
        return json(
          {
            email: 'grace@example.com',
            signedIn: true,
            user: grace,
            joined: { choirId: 'c1', choirName: 'Bach Choir', role: 'member', alreadyMember: false },
          },
          201,
        );
      },
    });
    const { router } = renderRoutes(routes, `/register?inviteToken=${token}&email=grace%40example.com&firstName=Grace&lastName=Hopper`);
    const user = userEvent.setup();
    await user.type(field.password(), 'Cobol#1959');
    await user.type(field.confirm(), 'Cobol#1959');
    await submit();
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('Welcome to Bach Choir!')).toBeInTheDocument();
    // One toast on the whole way: no 'Registration Started', no 'Successfully joined choir!'.
    expect(show).toHaveBeenCalledTimes(1);
    expect(api.bodies('POST', '/auth/register')[0]).toMatchObject({ inviteToken: token });
    expect(api.bodies('POST', `/invitations/${token}/accept`)).toEqual([]);
    expect(sessionStorage.getItem('activeChoirId')).toBe('c1');
    expect(sessionStorage.getItem('pendingInviteToken')).toBeNull();
    expect(sessionStorage.getItem('justRegisteredWithInvite')).toBeNull();
  });

  it('prefills from the invitation link, keeps the token and shows the invitation banner', async () => {
    const api = stubApi({
      'POST /auth/check-provider': () => json({ found: false, isOAuth: false, provider: null }),
      'POST /auth/register': () => json({ email: 'grace@example.com', signedIn: false }, 201),
    });
    renderRoutes(
      routes,
      '/register?inviteToken=0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11&email=grace%40example.com&firstName=Grace&lastName=Hopper',
    );
    expect(screen.getByText('You were invited to join a choir. Create your account to accept the invitation.')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingInviteToken')).toBe('0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11');
    expect(field.email()).toHaveValue('grace@example.com');
    expect(field.firstName()).toHaveValue('Grace');
    expect(field.lastName()).toHaveValue('Hopper');

    const user = userEvent.setup();
    await user.type(field.password(), 'Cobol#1959');
    await user.type(field.confirm(), 'Cobol#1959');
    await submit();
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(api.bodies('POST', '/auth/register')[0]).toMatchObject({
      inviteToken: '0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11',
      phoneNumber: null,
    });
    // The guards wait for the invited membership instead of offering to create a choir.
    expect(sessionStorage.getItem('justRegisteredWithInvite')).toBe('true');
    expect(sessionStorage.getItem('pendingInviteToken')).toBe('0b5e1a36-9c1e-4b7f-8a43-6f1f0c2d9e11');
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    stubApi({ 'GET /auth/session': () => json(sessionOf(ada)) });
    const { router } = renderRoutes(routes, '/register');
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
