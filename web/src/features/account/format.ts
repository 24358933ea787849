// Readable summaries of what the server reports about sessions and identities.

function parse(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** formatDate: '12 Mar 2026' in the reader's locale. */
export function formatDate(iso: string): string {
  const d = parse(iso);
  return d ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(d) : iso;
}

/** formatDateTime: '12 Mar 2026, 14:05' in the reader's locale. */
export function formatDateTime(iso: string): string {
  const d = parse(iso);
  return d ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d) : iso;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** formatRelative: 'just now', '5 minutes ago', 'yesterday'. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const d = parse(iso);
  if (!d) return iso;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

interface Match {
  name: string;
  test: RegExp;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Match[] = [
  { name: 'Edge', test: /\bEdg(e|A|iOS)?\// },
  { name: 'Opera', test: /\bOPR\/|\bOpera\b/ },
  { name: 'Samsung Internet', test: /\bSamsungBrowser\// },
  { name: 'Firefox', test: /\bFirefox\/|\bFxiOS\// },
  { name: 'Chrome', test: /\bChrome\/|\bCriOS\/|\bChromium\// },
  { name: 'Safari', test: /\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+.*Safari/ },
];

// iPad before Mac (iPadOS can claim to be a Mac only without 'iPad'); Android before Linux.
const SYSTEMS: Match[] = [
  { name: 'iPhone', test: /\biPhone\b/ },
  { name: 'iPad', test: /\biPad\b/ },
  { name: 'Android', test: /\bAndroid\b/ },
  { name: 'Windows', test: /\bWindows\b/ },
  { name: 'ChromeOS', test: /\bCrOS\b/ },
  { name: 'macOS', test: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'Linux', test: /\bLinux\b|\bX11\b/ },
];

/** describeUserAgent turns a User-Agent header into 'Firefox on Windows'. */
export function describeUserAgent(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find((b) => b.test.test(ua))?.name;
  const system = SYSTEMS.find((s) => s.test.test(ua))?.name;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return 'Unknown browser';
}

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  azure: 'Microsoft',
  password: 'password',
};

/** providerName: 'Google' for google, 'Microsoft' for azure. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? (provider ? provider[0].toUpperCase() + provider.slice(1) : 'Unknown');
}
