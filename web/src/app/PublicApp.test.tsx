import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/api';
import { ada } from '../test/fixtures';
import { resetToasts } from '../test/render';
import { CARRIED_TOASTS_KEY } from './carriedToasts';
import { pageLoads, PublicApp } from './PublicApp';

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<PublicApp />);
}

describe('PublicApp', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows a public page opened directly', async () => {
    const replace = vi.spyOn(pageLoads, 'replace').mockImplementation(() => {});
    stubFetch({ 'GET /auth/session': () => json({ user: null, choirs: [] }), 'GET /info': () => json({ providers: {} }) });
    openAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('hands a signed-in page to the signed-in app, with its toasts: a sign-in ends on /dashboard saying welcome back', async () => {
    const replace = vi.spyOn(pageLoads, 'replace').mockImplementation(() => {});
    let signedIn = false;
    stubFetch({
      'GET /auth/session': () => json({ user: signedIn ? ada : null, choirs: [] }),
      'GET /info': () => json({ providers: {} }),
      'GET /auth/mfa': () => json({ pending: false }),
      'POST /auth/login': () => {
        signedIn = true;
        return json({ status: 'signed_in', user: ada });
      },
    });
    openAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? '[]')).toMatchObject([
      { message: 'Welcome back!', color: 'green' },
    ]);
  });

  it('keeps the query and fragment of a page it hands over', async () => {
    const replace = vi.spyOn(pageLoads, 'replace').mockImplementation(() => {});
    stubFetch({ 'GET /auth/session': () => json({ user: null, choirs: [] }) });
    openAt('/dashboard/calendar?view=month#today');
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard/calendar?view=month#today'));
    expect(sessionStorage.getItem(CARRIED_TOASTS_KEY)).toBeNull();
  });
});
