// The private feed's addresses and the one-click subscription links of the
// big calendar apps.
import type { CalendarFeed } from './api';

export interface FeedAddresses {
  /** The https (or http) address. */
  url: string;
  /** The same with the webcal scheme, which calendar apps open as a subscription. */
  webcalUrl: string;
}

function withChoir(address: string, choirId: string | null): string {
  if (!choirId) return address;
  return `${address}${address.includes('?') ? '&' : '?'}choir=${encodeURIComponent(choirId)}`;
}

/** webcalOf gives an http(s) address the webcal scheme. */
export function webcalOf(url: string): string {
  return url.replace(/^https?:/i, 'webcal:');
}

/**
 * feedAddresses are the feed's addresses: of all the user's choirs, or with
 * a choir id of that choir only. Null while the feed is off.
 */
export function feedAddresses(feed: CalendarFeed | undefined, choirId: string | null = null): FeedAddresses | null {
  if (!feed?.enabled || !feed.url) return null;
  const webcal = feed.webcalUrl || webcalOf(feed.url);
  return { url: withChoir(feed.url, choirId), webcalUrl: withChoir(webcal, choirId) };
}

export interface FeedLink {
  app: 'google' | 'apple' | 'outlook';
  label: string;
  href: string;
}

export const googleCalendarLink = (webcalUrl: string) =>
  `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl)}`;
/** Apple Calendar subscribes to a webcal address opened as it is. */
export const appleCalendarLink = (webcalUrl: string) => webcalUrl;
export const outlookLink = (url: string) =>
  `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=Cantica`;

/** feedLinks are the one-click subscriptions for Google Calendar, Apple Calendar and Outlook. */
export function feedLinks(addresses: FeedAddresses): FeedLink[] {
  return [
    { app: 'google', label: 'Google Calendar', href: googleCalendarLink(addresses.webcalUrl) },
    { app: 'apple', label: 'Apple Calendar', href: appleCalendarLink(addresses.webcalUrl) },
    { app: 'outlook', label: 'Outlook', href: outlookLink(addresses.url) },
  ];
}
