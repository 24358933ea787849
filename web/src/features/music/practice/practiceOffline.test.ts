import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetUnsentPractice, sendUnsentPractice, unsentReports, usePracticeOutbox } from '../../../app/pwa/practiceOutbox';
import { apiError, noContent, stubFetch } from '../../../test/api';
import { queryWrapper, testQueryClient } from '../../../test/render';
import { useReportPractice } from './trackingApi';

const noSignal = () => vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
const report = (sessionId: string, playedSeconds: number) => ({ sessionId, day: '2026-11-28', playedSeconds, loops: 0, position: playedSeconds, speed: 0.8 });

describe('practice played without a signal', () => {
  afterEach(() => forgetUnsentPractice());

  it('waits on the device, the last report of each session, and is sent at the browser’s “online”', async () => {
    noSignal();
    const { result } = renderHook(
      () => {
        usePracticeOutbox(true);
        return useReportPractice('c1', 'm1');
      },
      { wrapper: queryWrapper(testQueryClient()) },
    );
    await result.current.mutateAsync(report('s1', 15));
    await result.current.mutateAsync(report('s1', 30));
    await result.current.mutateAsync(report('s2', 5));
    expect(unsentReports().map((u) => [u.report.sessionId, u.report.playedSeconds])).toEqual([
      ['s1', 30],
      ['s2', 5],
    ]);

    const sent: unknown[] = [];
    stubFetch({ 'POST /choirs/:choirId/music/:musicId/practice/reports': (_r, p, body) => (sent.push([p.musicId, body]), noContent()) });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(unsentReports()).toEqual([]));
    expect(sent).toEqual([
      ['m1', report('s1', 30)],
      ['m1', report('s2', 5)],
    ]);
  });

  it('is no longer waiting once a later report of the session went out', async () => {
    noSignal();
    const { result } = renderHook(() => useReportPractice('c1', 'm1'), { wrapper: queryWrapper(testQueryClient()) });
    await result.current.mutateAsync(report('s1', 15));
    stubFetch({ 'POST /choirs/:choirId/music/:musicId/practice/reports': () => noContent() });
    await result.current.mutateAsync(report('s1', 30));
    expect(unsentReports()).toEqual([]);
  });

  it('is dropped when the server refuses it, and kept while there is still no signal', async () => {
    noSignal();
    const { result } = renderHook(() => useReportPractice('c1', 'm1'), { wrapper: queryWrapper(testQueryClient()) });
    await result.current.mutateAsync(report('s1', 15));
    expect(await sendUnsentPractice()).toBe(0);
    expect(unsentReports()).toHaveLength(1);
    stubFetch({ 'POST /choirs/:choirId/music/:musicId/practice/reports': () => apiError(404, 'NOT_FOUND', 'Music piece not found') });
    expect(await sendUnsentPractice()).toBe(0);
    expect(unsentReports()).toEqual([]);
  });
});
