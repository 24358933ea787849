// The calendar's colours: one per event type (calendar document §9), with
// text picked to stay readable on each.
import type { EventType } from './api';

/** Event colours of §9; liturgical feasts (which §9 leaves out) get an amber of their own. */
export const EVENT_COLORS: Readonly<Record<EventType, string>> = {
  rehearsal: '#805AD5',
  service: '#3182CE',
  concert: '#38A169',
  liturgical_feast: '#B7791F',
  other: '#718096',
};

/** eventColor is the colour of an event type; unknown types take the colour of 'other'. */
export function eventColor(type: string): string {
  return Object.hasOwn(EVENT_COLORS, type) ? EVENT_COLORS[type as EventType] : EVENT_COLORS.other;
}

export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#000000';

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return 0;
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** contrastRatio is the WCAG contrast between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** textColorOn picks white or near-black text, whichever reads better on a background. */
export function textColorOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
