import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/api';
import { queryWrapper, resetToasts, testQueryClient } from '../../test/render';
import { useAnswerEvent } from './attendanceApi';
import { forgetQueuedAnswers, queuedAnswers, sendQueuedAnswers, useAnswerOutbox } from './outbox';

const ANSWER = { status: 'going', changed: false, event: { id: 'e1', title: 'Rehearsal' } };

/** noSignal is fetch on a bus in a tunnel. */
const noSignal = () => vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));

describe('answers given without a signal', () => {
  afterEach(() => {
    forgetQueuedAnswers();
    resetToasts();
    vi.unstubAllGlobals();
  });

  it('wait on the device, the latest per event, and are sent once the signal returns', async () => {
    noSignal();
    const { result } = renderHook(() => useAnswerEvent('c1'), { wrapper: queryWrapper(testQueryClient()) });
    await result.current.submit({ eventId: 'e1', status: 'maybe' });
    await result.current.submit({ eventId: 'e1', status: 'going' });
    expect(queuedAnswers()).toEqual([{ choirId: 'c1', eventId: 'e1', status: 'going' }]);

    const sent: unknown[] = [];
    stubFetch({ 'PUT /choirs/:choirId/events/:eventId/rsvp': (_r, _p, body) => (sent.push(body), json(ANSWER)) });
    expect(await sendQueuedAnswers()).toBe(1);
    expect(sent).toEqual([{ status: 'going' }]);
    expect(queuedAnswers()).toEqual([]);
  });

  it('are sent at the browser’s “online”', async () => {
    noSignal();
    const client = testQueryClient();
    const { result } = renderHook(
      () => {
        useAnswerOutbox(true);
        return useAnswerEvent('c1');
      },
      { wrapper: queryWrapper(client) },
    );
    await result.current.submit({ eventId: 'e1', status: 'not_going' });
    expect(queuedAnswers()).toHaveLength(1);

    const sent: unknown[] = [];
    stubFetch({ 'PUT /choirs/:choirId/events/:eventId/rsvp': (_r, _p, body) => (sent.push(body), json(ANSWER)) });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(queuedAnswers()).toEqual([]));
    expect(sent).toEqual([{ status: 'not_going' }]);
  });

  it('are dropped when the server refuses them (the event has started meanwhile), and kept while there is no signal', async () => {
    noSignal();
    const { result } = renderHook(() => useAnswerEvent('c1'), { wrapper: queryWrapper(testQueryClient()) });
    await result.current.submit({ eventId: 'e1', status: 'going' });
    expect(await sendQueuedAnswers()).toBe(0);
    expect(queuedAnswers()).toHaveLength(1);

    stubFetch({ 'PUT /choirs/:choirId/events/:eventId/rsvp': () => apiError(409, 'CONFLICT', 'Answers are closed.') });
    expect(await sendQueuedAnswers()).toBe(0);
    expect(queuedAnswers()).toEqual([]);
  });
});
