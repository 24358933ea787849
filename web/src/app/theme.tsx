import {
  createTheme,
  MantineProvider,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';

export type ThemeName = 'light' | 'dark';

/** Local-storage key of the reader's own choice (accounts §3). */
export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseTheme(value: unknown): ThemeName | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * initialTheme is the rule of calendar §2: the stored choice; else light on
 * the landing page; else the system preference.
 */
export function initialTheme(opts: { stored: ThemeName | null; pathname: string; systemPrefersDark: boolean }): ThemeName {
  if (opts.stored) return opts.stored;
  if (opts.pathname === '/') return 'light';
  return opts.systemPrefersDark ? 'dark' : 'light';
}

/** A system preference change applies only while nothing is stored. */
export function themeAfterSystemChange(opts: {
  stored: ThemeName | null;
  current: ThemeName;
  systemPrefersDark: boolean;
}): ThemeName {
  if (opts.stored) return opts.current;
  return opts.systemPrefersDark ? 'dark' : 'light';
}

export function toggledTheme(current: ThemeName): ThemeName {
  return current === 'dark' ? 'light' : 'dark';
}

export interface ThemeEnvironment {
  storage?: Storage | null;
  pathname?: () => string;
  matchMedia?: ((query: string) => MediaQueryList) | null;
}

// Storage can be missing or throw (private modes, blocked cookies); the theme
// then simply lasts for the page.
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function browserMatchMedia(): ((query: string) => MediaQueryList) | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? (q) => window.matchMedia(q)
    : null;
}

/**
 * createThemeManager plugs the theme rules into Mantine. Mantine stores
 * whatever is set through the manager, so changes that come from the system
 * (not from the reader) are passed on with storing switched off.
 */
export function createThemeManager(env: ThemeEnvironment = {}): MantineColorSchemeManager {
  const storage = env.storage === undefined ? browserStorage() : env.storage;
  const matchMedia = env.matchMedia === undefined ? browserMatchMedia() : env.matchMedia;
  const pathname = env.pathname ?? (() => (typeof window === 'undefined' ? '/' : window.location.pathname));

  const readStored = (): ThemeName | null => {
    try {
      return parseTheme(storage?.getItem(THEME_STORAGE_KEY));
    } catch {
      return null;
    }
  };
  const systemPrefersDark = () => matchMedia?.(DARK_QUERY).matches ?? false;

  let passingOn = false;
  let current: ThemeName = 'light';
  let media: MediaQueryList | null = null;
  let onMediaChange: ((e: MediaQueryListEvent) => void) | null = null;
  let onStorage: ((e: StorageEvent) => void) | null = null;

  const passOn = (update: (scheme: MantineColorScheme) => void, theme: ThemeName) => {
    current = theme;
    passingOn = true;
    try {
      update(theme);
    } finally {
      passingOn = false;
    }
  };

  const unsubscribe = () => {
    if (media && onMediaChange) media.removeEventListener('change', onMediaChange);
    if (onStorage) window.removeEventListener('storage', onStorage);
    media = null;
    onMediaChange = null;
    onStorage = null;
  };

  return {
    get: () => {
      current = initialTheme({ stored: readStored(), pathname: pathname(), systemPrefersDark: systemPrefersDark() });
      return current;
    },

    set: (value) => {
      if (passingOn) return;
      if (value !== 'auto') current = value;
      try {
        // 'auto' means "no choice of my own": follow the system again.
        if (value === 'auto') storage?.removeItem(THEME_STORAGE_KEY);
        else storage?.setItem(THEME_STORAGE_KEY, value);
      } catch {
        // Not persisted; the choice still applies to this page.
      }
    },

    subscribe: (update) => {
      unsubscribe();
      if (matchMedia) {
        media = matchMedia(DARK_QUERY);
        onMediaChange = (e) => {
          const next = themeAfterSystemChange({ stored: readStored(), current, systemPrefersDark: e.matches });
          if (next !== current) passOn(update, next);
        };
        media.addEventListener?.('change', onMediaChange);
      }
      if (typeof window !== 'undefined' && storage) {
        // Another tab changed (or cleared) the choice.
        onStorage = (e) => {
          if (e.storageArea !== storage || e.key !== THEME_STORAGE_KEY) return;
          passOn(update, parseTheme(e.newValue) ?? (systemPrefersDark() ? 'dark' : 'light'));
        };
        window.addEventListener('storage', onStorage);
      }
    },

    unsubscribe,

    clear: () => {
      try {
        storage?.removeItem(THEME_STORAGE_KEY);
      } catch {
        // Nothing stored to clear.
      }
    },
  };
}

export const canticaTheme = createTheme({
  primaryColor: 'violet',
  // Shade 7 keeps white text on filled violet above 4.5:1 in the light theme.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  // Plain objects rather than Menu.extend(…) and the like: importing those
  // components here would put them in the first download of every page.
  components: {
    // Toasts' close buttons are icons: give them a name.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps>,
    },
    // Likewise the close button of every dialog.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps> },
    // The focus placeholder Mantine puts in an open menu is a child role=menu
    // may not have (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
  },
});

// Mantine's stock shades of several colours fall below the 4.5:1 contrast
// that axe asks for; the theme sets stronger ones per scheme as CSS variables.
export const canticaCssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Secondary text (c="dimmed"): gray 6 on white fails, gray 7 passes.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors and error text (red 6 is 3.6:1 on white).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--cantica-color-link': 'var(--mantine-primary-color-8)',
    '--cantica-color-success': 'var(--mantine-color-teal-9)',
    // Orange 9, the darkest of Mantine's, is 4.3:1 on white; this one is 5.2:1.
    '--cantica-color-warning': '#c2410c',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--cantica-color-link': 'var(--mantine-primary-color-3)',
    '--cantica-color-success': 'var(--mantine-color-teal-4)',
    '--cantica-color-warning': 'var(--mantine-color-orange-4)',
  },
});

// Colours for colour props (c, color) that pass in both schemes. Secondary
// text needs none: c="dimmed" passes. They must stay free of dots: Mantine
// would read "a.b" as a theme colour and shade.

/** Link text: <Anchor c={linkColor}>. */
export const linkColor = 'var(--cantica-color-link)';
/** Text and icons that say something failed. */
export const errorColor = 'var(--mantine-color-error)';
/** Text and icons that say something worked. */
export const successColor = 'var(--cantica-color-success)';
/** Text and icons that warn (orange). */
export const warningColor = 'var(--cantica-color-warning)';
/** Background of filled call-to-action buttons and the border of a chosen plan (white text passes on it). */
export const buttonColor = 'var(--mantine-primary-color-8)';

/** Padding of a page's sections (Paper): tighter on the narrowest screens. */
export const SECTION_PADDING = { base: 'sm', sm: 'md' } as const;

/**
 * WRAPPING_BUTTON (Button styles) lets a long label wrap instead of
 * overflowing the page at the 320 px minimum width (Mantine keeps labels on
 * one line).
 */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', height: 'auto', textAlign: 'center' },
} as const;

export interface AppThemeProviderProps {
  children: ReactNode;
  /** For tests: where the theme reads storage, the page and the system preference. */
  environment?: ThemeEnvironment;
}

/** AppThemeProvider applies the Cantica theme and the light/dark rules of calendar §2. */
export function AppThemeProvider({ children, environment }: AppThemeProviderProps) {
  const [manager] = useState(() => createThemeManager(environment));
  return (
    <MantineProvider
      theme={canticaTheme}
      colorSchemeManager={manager}
      cssVariablesResolver={canticaCssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}
