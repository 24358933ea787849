// Small readers and writers of the feast pages.
import { formatWeekdayDate } from '../../components/format';
import type { FeastImportFormat, FeastImportStatus } from './api';

/**
 * formatFeastDate writes a calendar date (YYYY-MM-DD) as the app's date with
 * its weekday, 'Sun, 5 Apr 2026': a day, not an instant, that no time zone
 * moves to the day before.
 */
export const formatFeastDate = formatWeekdayDate;

export const IMPORT_FORMATS: readonly { value: FeastImportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
  { value: 'ics', label: 'ICS' },
];

/** The file chooser's filter: the three formats by extension and by type. */
export const IMPORT_ACCEPT = '.csv,.json,.ics,text/csv,application/json,text/calendar';

/** importFormatOf reads the format from a file name's extension; null when it names none of the three. */
export function importFormatOf(fileName: string): FeastImportFormat | null {
  const ext = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  switch (ext) {
    case 'csv':
      return 'csv';
    case 'json':
      return 'json';
    case 'ics':
    case 'ical':
    case 'ifb':
      return 'ics';
    default:
      return null;
  }
}

export const STATUS_LABELS: Record<FeastImportStatus, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  invalid: 'Invalid',
};

export const STATUS_COLORS: Record<FeastImportStatus, string> = {
  new: 'teal.9',
  changed: 'blue.9',
  unchanged: 'gray.7',
  invalid: 'red.9',
};

/** plural: '1 year', '3 years'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
