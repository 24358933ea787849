// IANA time zones for the choir forms.

/** browserTimeZone is the time zone this browser runs in, or UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let cached: string[] | null = null;

function supportedTimeZones(): string[] {
  if (!cached) {
    try {
      cached = Intl.supportedValuesOf('timeZone');
    } catch {
      cached = [];
    }
  }
  return cached;
}

/**
 * timeZoneOptions lists the browser's time zones, sorted, with the given
 * extra zones (the browser's own, a choir's saved one) added when missing.
 */
export function timeZoneOptions(...extra: (string | null | undefined)[]): string[] {
  const zones = new Set(supportedTimeZones());
  for (const zone of [browserTimeZone(), 'UTC', ...extra]) {
    if (zone) zones.add(zone);
  }
  return [...zones].sort((a, b) => a.localeCompare(b));
}
