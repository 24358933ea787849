// The calendar type catalogue as the global admin's pages show it (accounts §3, §6).
import { calendarUploadLabel } from '../choirs';
import type { CalendarType } from './api';

/** The master feasts page opens on this calendar type (accounts §2.3, calendar §2). */
export const DEFAULT_CALENDAR_TYPE = 'roman_1962_extraordinary';

/** The query parameter that keeps the chosen calendar type across reloads. */
export const CALENDAR_TYPE_PARAM = 'calendarType';

const CATEGORY_LABELS: Record<string, string> = {
  traditional_catholic: 'Traditional Catholic',
  novus_ordo_catholic: 'Catholic (Ordinary Form)',
  anglican: 'Anglican',
  lutheran: 'Lutheran',
  orthodox: 'Orthodox',
  protestant_general: 'Protestant',
  secular: 'Secular',
};

/** categoryLabel names a catalogue category; an unknown one is spelled out from its key. */
export function categoryLabel(category: string): string {
  if (CATEGORY_LABELS[category]) return CATEGORY_LABELS[category];
  const words = category.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}

/** calendarTypeLabel: the name and whether feasts are uploaded, as the choir forms say it. */
export function calendarTypeLabel(type: CalendarType): string {
  return `${type.name} (${calendarUploadLabel(type.hasFeasts)})`;
}

/** publishedLabel: the one-word state of a calendar type. */
export function publishedLabel(type: CalendarType): 'Published' | 'Unpublished' {
  return type.isPublished ? 'Published' : 'Unpublished';
}

/** publishedHint says what the state means for choirs. */
export function publishedHint(type: CalendarType): string {
  return type.isPublished
    ? 'Published: choirs that follow it see its feasts.'
    : 'Unpublished: hidden from everyone but global admins.';
}

export interface CalendarTypeGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** calendarTypeOptions groups the types by category, keeping the server's order within each. */
export function calendarTypeOptions(types: readonly CalendarType[]): CalendarTypeGroup[] {
  const groups: CalendarTypeGroup[] = [];
  for (const type of types) {
    const name = categoryLabel(type.category);
    let group = groups.find((g) => g.group === name);
    if (!group) {
      group = { group: name, items: [] };
      groups.push(group);
    }
    group.items.push({ value: type.key, label: calendarTypeLabel(type) });
  }
  return groups;
}

/**
 * chosenCalendarType picks the type a page shows: the one asked for when it
 * exists, else the default, else the first.
 */
export function chosenCalendarType(types: readonly CalendarType[], requested: string | null): CalendarType | null {
  return (
    types.find((t) => t.key === requested) ?? types.find((t) => t.key === DEFAULT_CALENDAR_TYPE) ?? types[0] ?? null
  );
}
