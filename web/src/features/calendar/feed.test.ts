import { describe, expect, it } from 'vitest';
import { appleCalendarLink, feedAddresses, feedLinks, googleCalendarLink, outlookLink, webcalOf } from './feed';

const url = 'https://cantica.example/api/v1/feeds/abc123.ics';
const webcal = 'webcal://cantica.example/api/v1/feeds/abc123.ics';

describe('feed addresses', () => {
  it('are none while the feed is off', () => {
    expect(feedAddresses(undefined)).toBeNull();
    expect(feedAddresses({ enabled: false })).toBeNull();
  });

  it.each([
    [null, url, webcal],
    ['c1', `${url}?choir=c1`, `${webcal}?choir=c1`],
    ['a b/c', `${url}?choir=a%20b%2Fc`, `${webcal}?choir=a%20b%2Fc`],
  ])('for choir %s: %s', (choirId, wantUrl, wantWebcal) => {
    expect(feedAddresses({ enabled: true, url, webcalUrl: webcal }, choirId)).toEqual({ url: wantUrl, webcalUrl: wantWebcal });
  });

  it('make a webcal address when the server gives none', () => {
    expect(feedAddresses({ enabled: true, url })?.webcalUrl).toBe(webcal);
    expect(webcalOf('http://localhost:8080/api/v1/feeds/x.ics')).toBe('webcal://localhost:8080/api/v1/feeds/x.ics');
  });
});

describe('feed links', () => {
  it.each([
    ['Google Calendar', googleCalendarLink(webcal), `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`],
    ['Apple Calendar', appleCalendarLink(webcal), webcal],
    [
      'Outlook',
      outlookLink(url),
      'https://outlook.live.com/calendar/0/addfromweb?url=https%3A%2F%2Fcantica.example%2Fapi%2Fv1%2Ffeeds%2Fabc123.ics&name=Cantica',
    ],
  ])('%s opens %s', (_app, link, want) => {
    expect(link).toBe(want);
  });

  it('cover the three apps, in order, for a one-choir address too', () => {
    const links = feedLinks(feedAddresses({ enabled: true, url, webcalUrl: webcal }, 'c1')!);
    expect(links.map((l) => l.label)).toEqual(['Google Calendar', 'Apple Calendar', 'Outlook']);
    expect(links[0].href).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(`${webcal}?choir=c1`)}`);
    expect(links[1].href).toBe(`${webcal}?choir=c1`);
    expect(links[2].href).toBe(`https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(`${url}?choir=c1`)}&name=Cantica`);
  });
});
