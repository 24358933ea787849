import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineNotice, offlineMessage } from './OfflineNotice';
import { noteAnswer, resetOfflineState } from './offlineStatus';

const renderNotice = () =>
  render(
    <MantineProvider env="test">
      <OfflineNotice />
    </MantineProvider>,
  );

describe('the offline notice', () => {
  // Test files share their modules (vite.config.ts): an earlier file's failed
  // request may have left the page offline.
  beforeEach(resetOfflineState);
  afterEach(resetOfflineState);

  it('says when the answers on screen were stored once one came from the phone’s cache, and goes with the next live one', () => {
    renderNotice();
    expect(screen.queryByRole('status')).toBeNull();

    const stored = new Date(2026, 10, 26, 19, 5).getTime();
    act(() => noteAnswer(stored));
    expect(screen.getByRole('status')).toHaveTextContent(offlineMessage(stored));
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline — last updated .*7:05/);

    // An older answer from the cache: the page is as old as its oldest part.
    const older = stored - 24 * 3600_000;
    act(() => noteAnswer(older));
    expect(screen.getByRole('status')).toHaveTextContent(offlineMessage(older));
    act(() => noteAnswer(stored));
    expect(screen.getByRole('status')).toHaveTextContent(offlineMessage(older));

    act(() => noteAnswer(null));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the day as well when the answers are not from today', () => {
    const now = new Date(2026, 10, 28, 8, 0);
    expect(offlineMessage(new Date(2026, 10, 28, 7, 30).getTime(), now)).not.toMatch(/2026/);
    expect(offlineMessage(new Date(2026, 10, 26, 19, 5).getTime(), now)).toMatch(/2026/);
  });
});
