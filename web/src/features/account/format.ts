// Readable summaries of what the server reports about sessions and identities.

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
