import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_TIMEOUT_MS, privateApi, type KeptAnswers } from './privateApi';
import { STORED_AT_HEADER } from './rules';

const WEEK = 'https://cantica.example.org/api/v1/choirs/c1/week';

/** A cache of kept answers, by URL. */
function cacheOf(entries: Record<string, Response> = {}) {
  const stored = new Map(Object.entries(entries));
  const cache: KeptAnswers = {
    match: async (request) => stored.get(request.url)?.clone(),
    put: async (request, response) => void stored.set(request.url, response),
  };
  return { cache, text: async (url: string) => (await stored.get(url)?.clone().text()) ?? null };
}

const kept = (body: string, storedAt = 1000) =>
  new Response(body, { headers: { ETag: `"${body}"`, [STORED_AT_HEADER]: String(storedAt) } });

/** A network whose answer the test gives (or refuses) when it likes. */
function network() {
  let answer!: (response: Response) => void;
  let fail!: (err: Error) => void;
  const pending = new Promise<Response>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const fetch = vi.fn(() => pending);
  return { fetch, answer: (r: Response) => answer(r), fail: (e: Error) => fail(e) };
}

function context(cache: KeptAnswers, fetch: (r: Request) => Promise<Response>) {
  const waits: Promise<unknown>[] = [];
  const forgetPrivateData = vi.fn(async () => undefined);
  return { ctx: { cache, fetch, waitUntil: (p: Promise<unknown>) => waits.push(p), forgetPrivateData }, waits, forgetPrivateData };
}

describe('the private answers kept for offline use', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers from the network when it answers in time, and keeps that answer', async () => {
    const { cache, text } = cacheOf({ [WEEK]: kept('old week') });
    const net = network();
    const { ctx } = context(cache, net.fetch);
    const answer = privateApi(new Request(WEEK), ctx);
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    net.answer(new Response('new week'));
    const response = await answer;
    expect(await response.text()).toBe('new week');
    expect(response.headers.has(STORED_AT_HEADER)).toBe(false);
    expect(await text(WEEK)).toBe('new week');
  });

  it('shows the kept answer when a weak signal has not answered within a few seconds, and keeps the late answer for next time', async () => {
    const { cache, text } = cacheOf({ [WEEK]: kept('old week') });
    const net = network();
    const { ctx, waits } = context(cache, net.fetch);
    const answer = privateApi(new Request(WEEK), ctx);
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS);
    const response = await answer;
    expect(await response.text()).toBe('old week');
    expect(response.headers.get(STORED_AT_HEADER)).toBe('1000');

    net.answer(new Response('new week'));
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
    expect(await text(WEEK)).toBe('new week');
  });

  it('shows the kept answer at once when the network fails', async () => {
    const { cache } = cacheOf({ [WEEK]: kept('old week') });
    const net = network();
    const { ctx } = context(cache, net.fetch);
    const answer = privateApi(new Request(WEEK), ctx);
    await vi.advanceTimersByTimeAsync(1);
    net.fail(new TypeError('Failed to fetch'));
    expect(await (await answer).text()).toBe('old week');
  });

  it('waits for a slow network when nothing is kept: there is nothing else to show', async () => {
    const { cache, text } = cacheOf();
    const net = network();
    const { ctx } = context(cache, net.fetch);
    let settled = false;
    const answer = privateApi(new Request(WEEK), ctx).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS * 3);
    expect(settled).toBe(false);
    net.answer(new Response('first week'));
    expect(await (await answer).text()).toBe('first week');
    expect(await text(WEEK)).toBe('first week');
  });

  it('asks for the whole answer when the page revalidates one the cache does not hold', async () => {
    const { cache } = cacheOf({ [WEEK]: kept('old week') });
    const fetch = vi.fn(async (request: Request) => new Response(request.url === WEEK ? 'new week' : '', { headers: { ETag: '"new week"' } }));
    const { ctx } = context(cache, fetch);
    await privateApi(new Request(WEEK, { headers: { 'If-None-Match': '"something else"' } }), ctx);
    expect(fetch.mock.calls[0]![0].headers.has('If-None-Match')).toBe(false);
    await privateApi(new Request(WEEK, { headers: { 'If-None-Match': '"new week"' } }), ctx);
    expect(fetch.mock.calls[1]![0].headers.get('If-None-Match')).toBe('"new week"');
  });

  it('forgets everything private when the session answer says nobody is signed in, even when it comes late', async () => {
    const session = 'https://cantica.example.org/api/v1/auth/session';
    const { cache } = cacheOf({ [session]: kept('{"user":{"id":"u1"}}') });
    const net = network();
    const { ctx, waits, forgetPrivateData } = context(cache, net.fetch);
    const answer = privateApi(new Request(session), ctx);
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS);
    await answer;
    net.answer(Response.json({ user: null }));
    await Promise.all(waits);
    expect(forgetPrivateData).toHaveBeenCalledOnce();
  });
});
