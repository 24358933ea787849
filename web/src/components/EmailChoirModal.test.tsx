import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Handler } from '../test/api';
import { renderWithProviders, resetToasts } from '../test/render';
import { CHOOSE_A_PART, EmailChoirModal, emailSentMessage, NOTE_MAX, NOTE_TOO_LONG, type EmailTarget } from './EmailChoirModal';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const PARTS = [
  { id: 'vp-s', name: 'Soprano', sortOrder: 1 },
  { id: 'vp-t', name: 'Tenor', sortOrder: 2 },
  { id: 'vp-b', name: 'Bass', sortOrder: 3 },
];
const EMAIL_PATH = '/choirs/c1/events/ev-2/email';

function serve(send: Handler = () => json({ recipients: 12, copyToSender: false })) {
  return stubFetch({
    'GET /choirs/:choirId/musical-roles': () => json(PARTS),
    'POST /choirs/:choirId/events/:eventId/email': send,
    'POST /choirs/:choirId/music/:musicId/email': send,
  });
}

function Page({ target }: { target: EmailTarget }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <EmailChoirModal choirId="c1" target={target} title="Email event to choir" opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function renderModal(target: EmailTarget = { eventId: 'ev-2' }) {
  resetToasts();
  renderWithProviders(createMemoryRouter([{ path: '/', element: <Page target={target} /> }]));
  return screen.findByRole('dialog', { name: 'Email event to choir' }).then((d) => within(d));
}

describe('EmailChoirModal', () => {
  it('words the count of people emailed', () => {
    expect(emailSentMessage(1)).toBe('Email sent to 1 member');
    expect(emailSentMessage(0)).toBe('Email sent to 0 members');
    expect(emailSentMessage(12)).toBe('Email sent to 12 members');
    expect(emailSentMessage(12, true)).toBe('Email sent to 12 members and a copy to you');
  });

  it('sends to every active member with the note, says how many, and closes', async () => {
    const api = serve(() => json({ recipients: 1, copyToSender: false }));
    const modal = await renderModal();
    expect(modal.getByRole('radio', { name: 'All active members' })).toBeChecked();
    expect(modal.getByRole('checkbox', { name: 'Send me a copy' })).not.toBeChecked();
    await userEvent.type(modal.getByRole('textbox', { name: 'Note (optional)' }), '  Bring the Byrd.  ');
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 1 member')).toBeInTheDocument();
    expect(api.bodies('POST', EMAIL_PATH)).toEqual([{ note: 'Bring the Byrd.', copyToSender: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends the chosen voice parts, and asks for one when none is chosen', async () => {
    const api = serve();
    const modal = await renderModal();
    await userEvent.click(modal.getByRole('radio', { name: 'Chosen voice parts' }));
    const parts = within(await modal.findByRole('group', { name: 'Voice parts' }));
    expect(parts.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['vp-s', 'vp-t', 'vp-b']);
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await modal.findByText(CHOOSE_A_PART)).toBeInTheDocument();
    expect(api.count('POST', EMAIL_PATH)).toBe(0);

    await userEvent.click(parts.getByRole('checkbox', { name: 'Tenor' }));
    await userEvent.click(parts.getByRole('checkbox', { name: 'Bass' }));
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 12 members')).toBeInTheDocument();
    expect(api.bodies('POST', EMAIL_PATH)).toEqual([{ note: '', copyToSender: false, voicePartIds: ['vp-t', 'vp-b'] }]);
  });

  it('counts the note and refuses one over 2000 characters', async () => {
    const api = serve();
    const modal = await renderModal();
    const note = modal.getByRole('textbox', { name: 'Note (optional)' });
    expect(modal.getByText(`0 / ${NOTE_MAX} characters`)).toBeInTheDocument();
    await userEvent.click(note);
    await userEvent.paste('é'.repeat(NOTE_MAX));
    expect(modal.getByText(`${NOTE_MAX} / ${NOTE_MAX} characters`)).toBeInTheDocument();
    await userEvent.type(note, '!');
    expect(modal.getByText(`${NOTE_MAX + 1} / ${NOTE_MAX} characters`)).toBeInTheDocument();
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await modal.findByText(NOTE_TOO_LONG)).toBeInTheDocument();
    expect(api.count('POST', EMAIL_PATH)).toBe(0);
  });

  it("shows the server's refusal in the modal and keeps it open", async () => {
    serve(() => apiError(400, 'VALIDATION_ERROR', 'No members to email.'));
    const modal = await renderModal();
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await modal.findByRole('alert')).toHaveTextContent('No members to email.');
    expect(screen.getByRole('dialog', { name: 'Email event to choir' })).toBeInTheDocument();
  });

  it('shows the limit on sends in the modal', async () => {
    serve(() => apiError(429, 'RATE_LIMITED', 'Too many emails sent from this choir. Please try again later.'));
    const modal = await renderModal();
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await modal.findByRole('alert')).toHaveTextContent('Too many emails sent from this choir. Please try again later.');
  });

  it('sends a practice link to the piece', async () => {
    const api = serve(() => json({ recipients: 3, copyToSender: false }));
    const modal = await renderModal({ musicId: 'm1' });
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 3 members')).toBeInTheDocument();
    expect(api.bodies('POST', '/choirs/c1/music/m1/email')).toEqual([{ note: '', copyToSender: false }]);
  });

  it('sends the sender a copy only when ticked, and counts only the members', async () => {
    const api = serve(() => json({ recipients: 3, copyToSender: true }));
    const modal = await renderModal();
    await userEvent.click(modal.getByRole('checkbox', { name: 'Send me a copy' }));
    await userEvent.click(modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to 3 members and a copy to you')).toBeInTheDocument();
    expect(api.bodies('POST', EMAIL_PATH)).toEqual([{ note: '', copyToSender: true }]);
  });
});
