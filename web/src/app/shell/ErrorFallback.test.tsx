import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/client';
import { ErrorBoundary, ErrorFallback, ErrorFallbackView } from './ErrorFallback';

const wrap = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

beforeEach(() => {
  // React and the router log caught errors; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ErrorFallbackView', () => {
  it('offers Try Again for a network error', async () => {
    const onRetry = vi.fn();
    wrap(<ErrorFallbackView error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('Connection issue detected. Please check your internet connection and try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no Try Again for a permission error', () => {
    wrap(
      <ErrorFallbackView
        error={new HttpError(403, { code: 'PERMISSION_ERROR', message: "You don't have permission to access this page" })}
      />,
    );
    expect(
      screen.getByText("You don't have permission to perform this action. Please contact your choir administrator."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('links Go Home to /dashboard', () => {
    wrap(<ErrorFallbackView error={new Error('Boom')} />);
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('ErrorFallback as errorElement', () => {
  function renderRouter(path: string, element: ReactNode) {
    const router = createMemoryRouter(
      [{ errorElement: <ErrorFallback />, children: [{ path: '/dashboard', element }] }],
      { initialEntries: [path] },
    );
    return wrap(<RouterProvider router={router} />);
  }

  function Thrower(): ReactNode {
    throw new Error('Render failed');
  }

  it('shows the screen for an error thrown while rendering', () => {
    renderRouter('/dashboard', <Thrower />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows the screen for a router 404', () => {
    renderRouter('/nowhere', <p>never</p>);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('ErrorBoundary', () => {
  it('shows the screen in place of a failing child and retries it', async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('Request timeout');
      return <p>Recovered</p>;
    }
    wrap(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });
});
