import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderLanding } from './landing';
import { enhanceLanding } from './landingScript';

// The tests run the script on the prerendered markup itself, as dist/landing.html holds it.
const markup = renderLanding();

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true });
  Object.defineProperty(window, 'pageYOffset', { value, configurable: true, writable: true });
}

/** showLanding puts the prerendered page in the document, with the scheme the page's <head> script set. */
function showLanding(scheme: 'light' | 'dark' = 'light') {
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  enhanceLanding(document);
}

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

beforeEach(() => setScrollY(0));

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('renderLanding', () => {
  // The prerendered page is the self-hosted server's (billing off); a hosted
  // server sends the app's landing page, which reads the plans from the API.
  it('renders the signed-out landing page with its sections and links, and no price', () => {
    expect(markup).toContain('Choir management, in harmony');
    expect(markup).toContain('id="pricing"');
    expect(markup).toContain('id="features"');
    expect(markup).toContain('This Cantica server is self-hosted');
    for (const plan of ['Small Choir', 'Medium Choir', 'Large Choir']) expect(markup).not.toContain(plan);
    expect(markup).not.toMatch(/\$\d/);
    expect(markup).toContain('href="/login"');
    expect(markup).toContain('href="/register"');
    expect(markup).toContain('aria-label="Open menu"');
    expect(markup).toContain('aria-label="Switch to dark theme"');
  });
});

describe('theme toggle', () => {
  it('flips the scheme, stores the choice and renames itself', () => {
    showLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    const toggle = screen.getByRole('button', { name: 'Switch to light theme' });
    expect(toggle).toHaveAttribute('title', 'Switch to light theme');
    // The sun: the next theme is light.
    expect(toggle.querySelector('path')?.getAttribute('d')).toMatch(/^M8 12a4 4/);

    fireEvent.click(toggle);
    expect(scheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toHaveAttribute('title', 'Switch to dark theme');
  });

  it('names the light theme when the page starts dark from a stored choice', () => {
    showLanding('dark');
    const toggle = screen.getByRole('button', { name: 'Switch to light theme' });
    expect(toggle).toHaveAttribute('title', 'Switch to light theme');
  });

  it('still switches when storage refuses the choice', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    showLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(scheme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});

describe('header', () => {
  it('counts as scrolled only past 10 pixels', () => {
    showLanding();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');

    setScrollY(10);
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'false');

    setScrollY(11);
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header.style.boxShadow).toBe('var(--mantine-shadow-sm)');

    setScrollY(0);
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header.style.boxShadow).toBe('none');
  });

  it('starts scrolled when the page opens scrolled', () => {
    setScrollY(400);
    showLanding();
    expect(screen.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  });
});

describe('menu', () => {
  it('opens a dialog with the links, and Escape closes it and returns focus to the burger', () => {
    showLanding();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(burger);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAttribute('aria-label', 'Close menu');
    const nav = within(dialog).getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Features', '/#features'],
      ['Pricing', '/#pricing'],
      ['About', '/about'],
      ['Sign In', '/login'],
      ['Get Started', '/register'],
    ]);
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();

    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(burger).toHaveFocus();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAttribute('aria-label', 'Open menu');
  });

  it('closes with its close button and when a link is followed', () => {
    showLanding();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(burger);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(burger).toHaveFocus();

    fireEvent.click(burger);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Pricing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('footer', () => {
  it('shows the current year, not the year of the build', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 0, 5));
    showLanding();
    expect(within(screen.getByRole('contentinfo')).getByText('© 2031 Cantica. All rights reserved.')).toBeInTheDocument();
  });
});
