// Calls of the readiness, practice and "my year" analytics (issue 28), and
// the addresses of their CSV downloads: each table's CSV is the same
// operation with format=csv, so it holds exactly what the page shows.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

export type Readiness = components['schemas']['AnalyticsReadiness'];
export type ReadinessRow = components['schemas']['AnalyticsReadinessRow'];
export type AnalyticsEventRef = components['schemas']['AnalyticsEventRef'];
export type Practice = components['schemas']['AnalyticsPractice'];
export type MyAnalytics = components['schemas']['MyAnalytics'];

/** The period and filters the analytics page sets (analytics owns the bar). */
export interface InsightsFilters {
  period?: 'last90' | 'season' | 'last12m' | 'custom';
  from?: string;
  to?: string;
  voicePart?: string;
  eventType?: string;
}

/** The event readiness is asked for; none = the next service or concert. */
export interface ReadinessTarget {
  eventId?: string;
  occurrenceDate?: string;
}

const insightsKeys = {
  readiness: (choirId: string, target: ReadinessTarget, voicePart: string) =>
    ['analytics', choirId, 'readiness', target.eventId ?? '', target.occurrenceDate ?? '', voicePart] as const,
  practice: (choirId: string, f: InsightsFilters) => ['analytics', choirId, 'practice', f] as const,
  mine: (choirId: string) => ['analytics', choirId, 'me'] as const,
};

function clean(q: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v) out[k] = v;
  return out;
}

function practiceQuery(f: InsightsFilters) {
  return clean({ period: f.period, from: f.period === 'custom' ? f.from : undefined, to: f.period === 'custom' ? f.to : undefined, voicePart: f.voicePart, eventType: f.eventType });
}

function readinessQuery(target: ReadinessTarget, voicePart: string) {
  return clean({ eventId: target.eventId, occurrenceDate: target.eventId ? target.occurrenceDate : undefined, voicePart });
}

function base(choirId: string) {
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/analytics`;
}

/** useReadiness reads the readiness table of an event (the next service or concert by default). */
export function useReadiness(choirId: string, target: ReadinessTarget, voicePart = '') {
  return useQuery({
    queryKey: insightsKeys.readiness(choirId, target, voicePart),
    // The operation also answers CSV (format=csv), so its type is a union: JSON is asked for here.
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/analytics/readiness', { params: { path: { choirId }, query: readinessQuery(target, voicePart) } })) as Readiness,
    placeholderData: keepPreviousData,
  });
}

/** readinessCsvUrl is the readiness table as CSV. */
export function readinessCsvUrl(choirId: string, target: ReadinessTarget, voicePart = ''): string {
  const q = new URLSearchParams({ ...readinessQuery(target, voicePart), format: 'csv' });
  return `${base(choirId)}/readiness?${q.toString()}`;
}

/** usePractice reads practice minutes per week and the most practised pieces. */
export function usePractice(choirId: string, filters: InsightsFilters) {
  return useQuery({
    queryKey: insightsKeys.practice(choirId, filters),
    // The operation also answers CSV (format=csv), so its type is a union: JSON is asked for here.
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/analytics/practice', { params: { path: { choirId }, query: practiceQuery(filters) } })) as Practice,
    placeholderData: keepPreviousData,
  });
}

/** practiceCsvUrl is one of the practice tables as CSV. */
export function practiceCsvUrl(choirId: string, filters: InsightsFilters, table: 'weeks' | 'pieces'): string {
  const q = new URLSearchParams({ ...practiceQuery(filters), format: 'csv', table });
  return `${base(choirId)}/practice?${q.toString()}`;
}

/** useMyAnalytics reads the caller's own last 12 months. */
export function useMyAnalytics(choirId: string) {
  return useQuery({
    queryKey: insightsKeys.mine(choirId),
    // JSON is asked for here (the same operation also answers CSV).
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/analytics/me', { params: { path: { choirId } } })) as MyAnalytics,
  });
}

/** myCsvUrl is one of the caller's own tables as CSV. */
export function myCsvUrl(choirId: string, table: 'attendance' | 'answers' | 'practice'): string {
  return `${base(choirId)}/me?format=csv&table=${table}`;
}
