import { within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { needsSignal } from './needsSignal';
import { isEmailLinkPage, isPrivateApiKept, isSignedInAppPage } from './rules';

describe('the answers the service worker keeps for offline use', () => {
  it.each([
    '/api/v1/auth/session',
    '/api/v1/choirs/c1',
    '/api/v1/choirs/c1/events',
    '/api/v1/choirs/c1/rsvps',
    '/api/v1/choirs/c1/week',
    '/api/v1/choirs/c1/events/e1',
    '/api/v1/choirs/c1/events/e1/plan',
    '/api/v1/choirs/c1/plans/p1',
  ])('keeps %s', (path) => expect(isPrivateApiKept(path)).toBe(true));

  it.each([
    '/api/v1/account/profile',
    '/api/v1/account/sessions',
    '/api/v1/choirs/c1/members',
    '/api/v1/choirs/c1/events/e1/attendance',
    '/api/v1/choirs/c1/music/m1/attachments/a1/file',
    '/api/v1/admin/choirs',
    '/api/v1/choirs/c1/events/e1/plan/extra',
  ])('never keeps %s', (path) => expect(isPrivateApiKept(path)).toBe(false));

  it('serves only the signed-in app pages offline, never the landing or sign-in page', () => {
    expect(isSignedInAppPage('/dashboard')).toBe(true);
    expect(isSignedInAppPage('/dashboard/calendar')).toBe(true);
    expect(isSignedInAppPage('/account/profile')).toBe(true);
    expect(isSignedInAppPage('/')).toBe(false);
    expect(isSignedInAppPage('/login')).toBe(false);
    expect(isSignedInAppPage('/dashboards')).toBe(false);
  });
});

describe('an email link opened without a signal', () => {
  it('is recognised by its path', () => {
    expect(isEmailLinkPage('/email/rsvp/tok/going')).toBe(true);
    expect(isEmailLinkPage('/email/practice/tok')).toBe(true);
    expect(isEmailLinkPage('/emails')).toBe(false);
    expect(isEmailLinkPage('/dashboard')).toBe(false);
  });

  it('gets a page saying it needs a signal and nothing was recorded, with a way to try again', async () => {
    const response = needsSignal('https://cantica.example.org/email/rsvp/abc"<x>/going?from=mail');
    expect(response.status).toBe(503);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    expect(page.documentElement.lang).toBe('en');
    expect(page.title).toBe('No signal · Cantica');
    const shown = document.body.appendChild(document.createElement('div'));
    onTestFinished(() => shown.remove());
    shown.append(...page.body.childNodes);
    const screen = within(shown);
    expect(screen.getByRole('heading', { name: 'No signal' })).toBeInTheDocument();
    expect(screen.getByText(/needs a signal/)).toHaveTextContent('Nothing was recorded.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/email/rsvp/abc%22%3Cx%3E/going?from=mail');
  });
});
