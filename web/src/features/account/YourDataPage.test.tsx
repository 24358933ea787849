import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ada, sessionOf } from '../../test/fixtures';
import { browser } from './browser';
import { apiError, calls, json, renderAccount, stubApi } from './testing';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const ready = {
  id: 'e1',
  status: 'ready',
  sizeBytes: 20480,
  createdAt: '2026-11-23T10:00:00Z',
  readyAt: '2026-11-23T10:01:00Z',
  expiresAt: '2026-11-30T10:01:00Z',
};

function yourData(extra: Record<string, unknown> = {}) {
  return { exports: [], soleAdminOf: [], hasPassword: true, confirmProviders: [], exportDays: 7, restoreDays: 30, ...extra };
}

describe('YourDataPage', () => {
  it('lists a ready export as a download of the owner', async () => {
    stubApi({ 'GET /account/privacy': () => json(yourData({ exports: [ready] })), 'GET /auth/session': () => json(sessionOf(ada)) });
    renderAccount('/account/privacy');
    const link = await screen.findByRole('link', { name: /Download export of 23 November 2026/ });
    expect(link).toHaveAttribute('href', '/api/v1/account/privacy/exports/e1');
    expect(screen.getByText('20 KB, until 30 November 2026')).toBeInTheDocument();
  });

  it('asks for an export', async () => {
    const api = stubApi({
      'GET /account/privacy': () => json(yourData()),
      'POST /account/privacy/exports': () => json({ ...ready, status: 'pending', readyAt: undefined, expiresAt: undefined }, 202),
      'GET /auth/session': () => json(sessionOf(ada)),
    });
    renderAccount('/account/privacy');
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(calls(api, 'POST', '/account/privacy/exports')).toHaveLength(1));
    expect(await screen.findByText('Your export is being prepared. We will email you when it is ready.')).toBeInTheDocument();
  });

  it('tells the only administrator to hand the role over instead of offering the deletion', async () => {
    stubApi({ 'GET /account/privacy': () => json(yourData({ soleAdminOf: ['St Cecilia Singers'] })), 'GET /auth/session': () => json(sessionOf(ada)) });
    renderAccount('/account/privacy');
    expect(await screen.findByText(/You are the only administrator of St Cecilia Singers\. Before you delete your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('shows a wrong password under the field and stays', async () => {
    const api = stubApi({
      'GET /account/privacy': () => json(yourData()),
      'POST /account/privacy/deletion': () =>
        apiError(400, 'VALIDATION_ERROR', 'Please correct the highlighted fields.', { password: 'The password is incorrect.' }),
      'GET /auth/session': () => json(sessionOf(ada)),
    });
    renderAccount('/account/privacy');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(calls(api, 'POST', '/account/privacy/deletion')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Your password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
  });

  it('signs out and goes home once the account is deleted', async () => {
    const api = stubApi({
      'GET /account/privacy': () => json(yourData()),
      'POST /account/privacy/deletion': () => json({ purgeAt: '2026-12-23T10:00:00Z' }),
      'GET /auth/session': () => json(sessionOf(ada)),
    });
    renderAccount('/account/privacy');
    await userEvent.type(await screen.findByLabelText(/Your password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await (calls(api, 'POST', '/account/privacy/deletion')[0]?.json() as Promise<unknown>)).toEqual({ password: 'Secret#123' });
    expect(await screen.findByText('Your account is deleted. Sign in before 23 December 2026 to restore it.')).toBeInTheDocument();
  });

  it('sends an account without a password to its provider to confirm, and deletes once it has', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const api = stubApi({
      'GET /account/privacy': () => json(yourData({ hasPassword: false, confirmProviders: ['google'] })),
      'POST /account/privacy/deletion': () => json({ purgeAt: '2026-12-23T10:00:00Z' }),
      'GET /auth/session': () => json(sessionOf(ada)),
    });
    const { unmount } = renderAccount('/account/privacy');
    expect(await screen.findByText(/has no password\. To confirm that it is you, sign in with Google again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/oidc/google/start?mode=reauth');
    unmount();

    // Back from Google: the deletion needs no password now.
    renderAccount('/account/privacy?confirmed=google');
    expect(await screen.findByText('Google confirmed that it is you. Delete your account within 10 minutes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await (calls(api, 'POST', '/account/privacy/deletion')[0]?.json() as Promise<unknown>)).toEqual({});
  });

  it("shows the provider's refusal and offers to confirm again", async () => {
    stubApi({
      'GET /account/privacy': () => json(yourData({ hasPassword: false, confirmProviders: ['google'] })),
      'GET /auth/session': () => json(sessionOf(ada)),
    });
    renderAccount('/account/privacy?error=access_denied&error_description=This+Google+account+is+not+connected+to+your+Cantica+account.');
    expect(await screen.findByText('This Google account is not connected to your Cantica account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });
});
