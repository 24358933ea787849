import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../test/render';
import { AppProviders } from './AppProviders';

describe('the toasts’ container', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetToasts();
  });

  it('shows a toast that waits from the start with the first page, before the page has painted', async () => {
    // The browser never paints here: only a waiting toast can bring the container.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    notifications.show({ message: 'Welcome back!' });
    render(<AppProviders>page</AppProviders>);
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it('waits for the first paint when no toast is waiting, then shows the next one', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const { container } = render(<AppProviders>page</AppProviders>);
    await vi.dynamicImportSettled();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    frames.forEach((cb) => cb(0));
    await vi.waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    notifications.show({ message: 'Saved' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(container).toHaveTextContent('page');
  });
});
