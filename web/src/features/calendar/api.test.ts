import { afterEach, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/api';
import { fetchEvents, forgetHeldAnswers } from './api';

afterEach(() => {
  forgetHeldAnswers();
  vi.unstubAllGlobals();
});

const range = { startDate: '2027-02-01', endDate: '2027-05-31' };

it('asks again with the ETag it holds, and a 304 reuses the answer instead of downloading it', async () => {
  const asked: (string | null)[] = [];
  let version = 1;
  stubFetch({
    'GET /choirs/:choirId/events': (request) => {
      const etag = `W/"v${version}"`;
      asked.push(request.headers.get('If-None-Match'));
      if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
      const feasts = [{ id: `f${version}`, masterFeastId: 'm', date: '2027-03-28', name: `Easter ${version}`, feastKey: 'easter_sunday', rank: 'solemnity', type: 'feast_of_the_lord' }];
      return new Response(JSON.stringify({ events: [], feasts }), { headers: { 'Content-Type': 'application/json', ETag: etag } });
    },
  });
  const first = await fetchEvents('c1', range);
  expect(first.feasts[0].name).toBe('Easter 1');
  expect(await fetchEvents('c1', range)).toBe(first);
  version = 2; // the calendar changed
  const changed = await fetchEvents('c1', range);
  expect(changed.feasts[0].name).toBe('Easter 2');
  // Another choir's range starts without a tag.
  await fetchEvents('c2', range);
  expect(asked).toEqual([null, 'W/"v1"', 'W/"v1"', null]);
});
