// What colour a CSS colour value of the app comes to in each scheme, and its
// contrast (WCAG 2) against the page, so that a test can hold text colours
// to axe's 4.5:1 without a browser.
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { canticaCssVariablesResolver, canticaTheme } from '../app/theme';

export type Scheme = 'light' | 'dark';

const theme = mergeMantineTheme(DEFAULT_THEME, canticaTheme);
const resolved = canticaCssVariablesResolver(theme);

/** The page's background in each scheme (Mantine's --mantine-color-body). */
export const BODY: Record<Scheme, string> = { light: '#ffffff', dark: theme.colors.dark[7] };

/** schemeColor resolves light-dark(), var(--mantine-color-NAME-N) and the theme's own variables to a hex colour. */
export function schemeColor(value: string, scheme: Scheme): string {
  const v = value.trim();
  const lightDark = /^light-dark\((.*)\)$/.exec(v);
  if (lightDark) {
    const [light, dark] = splitTopLevel(lightDark[1]);
    return schemeColor(scheme === 'light' ? light : dark, scheme);
  }
  const variable = /^var\((--[\w-]+)\)$/.exec(v);
  if (variable) {
    const name = variable[1];
    const own = (resolved[scheme] as Record<string, string>)[name] ?? (resolved.variables as Record<string, string>)[name];
    if (own) return schemeColor(own, scheme);
    const shade = /^--mantine-color-([a-z]+)-(\d)$/.exec(name);
    if (shade && theme.colors[shade[1]]) return theme.colors[shade[1]][Number(shade[2])];
    throw new Error(`contrast: no value for ${name}`);
  }
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  throw new Error(`contrast: cannot read the colour ${value}`);
}

/** contrastRatio is WCAG 2's contrast of two hex colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function splitTopLevel(args: string): [string, string] {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '(') depth++;
    else if (args[i] === ')') depth--;
    else if (args[i] === ',' && depth === 0) return [args.slice(0, i), args.slice(i + 1)];
  }
  throw new Error(`contrast: light-dark() needs two colours: ${args}`);
}

/** textColorOf is the colour an element's text is given inline, by itself or the nearest ancestor. */
export function textColorOf(element: HTMLElement): string {
  for (let el: HTMLElement | null = element; el; el = el.parentElement) {
    if (el.style.color) return el.style.color;
  }
  throw new Error('contrast: no inline text colour');
}
