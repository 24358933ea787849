import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from './shell/ThemeToggle';
import {
  AppThemeProvider,
  initialTheme,
  THEME_STORAGE_KEY,
  themeAfterSystemChange,
  toggledTheme,
} from './theme';

// A prefers-color-scheme that the test can flip.
function fakeSystemPreference(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('dark') ? dark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    matchMedia,
    change(toDark: boolean) {
      dark = toDark;
      act(() => listeners.forEach((l) => l({ matches: toDark } as MediaQueryListEvent)));
    },
  };
}

const originalMatchMedia = window.matchMedia;
const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function renderApp(pathname: string, system: ReturnType<typeof fakeSystemPreference>) {
  window.matchMedia = system.matchMedia;
  return render(
    <AppThemeProvider environment={{ pathname: () => pathname, matchMedia: system.matchMedia }}>
      <ThemeToggle />
    </AppThemeProvider>,
  );
}

beforeEach(() => {
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('theme rules', () => {
  it('prefers the stored choice', () => {
    expect(initialTheme({ stored: 'dark', pathname: '/', systemPrefersDark: false })).toBe('dark');
    expect(initialTheme({ stored: 'light', pathname: '/dashboard', systemPrefersDark: true })).toBe('light');
  });

  it('is light on the landing page when nothing is stored', () => {
    expect(initialTheme({ stored: null, pathname: '/', systemPrefersDark: true })).toBe('light');
  });

  it('follows the system elsewhere', () => {
    expect(initialTheme({ stored: null, pathname: '/dashboard', systemPrefersDark: true })).toBe('dark');
    expect(initialTheme({ stored: null, pathname: '/login', systemPrefersDark: false })).toBe('light');
  });

  it('applies a system change only when nothing is stored', () => {
    expect(themeAfterSystemChange({ stored: 'light', current: 'light', systemPrefersDark: true })).toBe('light');
    expect(themeAfterSystemChange({ stored: null, current: 'light', systemPrefersDark: true })).toBe('dark');
    expect(themeAfterSystemChange({ stored: null, current: 'dark', systemPrefersDark: false })).toBe('light');
  });

  it('toggles', () => {
    expect(toggledTheme('light')).toBe('dark');
    expect(toggledTheme('dark')).toBe('light');
  });
});

describe('AppThemeProvider', () => {
  it('starts from the stored choice', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderApp('/dashboard', fakeSystemPreference(false));
    expect(scheme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('starts light on the landing page even when the system is dark', () => {
    renderApp('/', fakeSystemPreference(true));
    expect(scheme()).toBe('light');
  });

  it('starts from the system preference elsewhere', () => {
    renderApp('/dashboard', fakeSystemPreference(true));
    expect(scheme()).toBe('dark');
  });

  it('follows a system change when nothing is stored, without storing it', () => {
    const system = fakeSystemPreference(false);
    renderApp('/dashboard', system);
    expect(scheme()).toBe('light');
    system.change(true);
    expect(scheme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('ignores a system change when a choice is stored', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const system = fakeSystemPreference(false);
    renderApp('/dashboard', system);
    system.change(true);
    expect(scheme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('stores a toggle, flips the page, and keeps it after a reload', async () => {
    const user = userEvent.setup();
    const system = fakeSystemPreference(false);
    const { unmount } = renderApp('/dashboard', system);
    expect(scheme()).toBe('light');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();

    // The system changing afterwards no longer matters.
    system.change(false);
    expect(scheme()).toBe('dark');

    unmount();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    renderApp('/', fakeSystemPreference(false));
    expect(scheme()).toBe('dark');
  });
});
