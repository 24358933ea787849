import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Handler } from '../../test/api';
import { expectAccessible, renderLink, TOKEN, unsubscribeLink } from './testing';

const LINK = `/email-links/unsubscribe/${TOKEN}`;

function serve(handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /email-links/unsubscribe/:token': () => json(unsubscribeLink()),
    'POST /email-links/unsubscribe/:token': () => json(unsubscribeLink({ subscribed: false })),
    ...handlers,
  });
}

async function expectDone() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('You will no longer receive emails from Bach Choir.');
  expect(
    screen.getByText(/Changed your mind\? Sign in and turn on emails from Bach Choir under/),
  ).toHaveTextContent('Changed your mind? Sign in and turn on emails from Bach Choir under Account → Notifications.');
  expect(screen.getByRole('link', { name: 'Account → Notifications' })).toHaveAttribute('href', '/account/notifications');
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('UnsubscribePage', () => {
  it('asks first, and one click turns the choir’s email off', async () => {
    const api = serve();
    const { container } = renderLink(`/email/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stop emails from Bach Choir?' })).toBeInTheDocument();
    expect(screen.getByText('a•••@example.org')).toBeInTheDocument();
    await expectAccessible(container);
    // Opening the link turns nothing off.
    expect(api.count('POST', LINK)).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await expectDone();
    expect(api.count('POST', LINK)).toBe(1);
    await expectAccessible(container);
  });

  it('says so at once when already unsubscribed', async () => {
    const api = serve({ 'GET /email-links/unsubscribe/:token': () => json(unsubscribeLink({ subscribed: false })) });
    renderLink(`/email/unsubscribe/${TOKEN}`);
    await expectDone();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(api.count('POST', LINK)).toBe(0);
  });

  it('shows a failed unsubscribe and lets the person try again', async () => {
    let fail = true;
    serve({
      'POST /email-links/unsubscribe/:token': () =>
        fail ? apiError(500, 'INTERNAL', 'boom') : json(unsubscribeLink({ subscribed: false })),
    });
    renderLink(`/email/unsubscribe/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unsubscribe');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await expectDone();
  });

  it.each([
    [400, 'Invalid unsubscribe link'],
    [404, 'Invalid or expired unsubscribe link'],
  ])('shows the server’s refusal %s', async (status, message) => {
    serve({ 'GET /email-links/unsubscribe/:token': () => apiError(status, 'INVALID_TOKEN', message) });
    renderLink(`/email/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
