// Calls and cache keys of the analytics page (issue 28): one query per
// section, the period and filters in each, the threshold as a mutation.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type AnalyticsAttendance = components['schemas']['AnalyticsAttendance'];
export type AnalyticsAnswers = components['schemas']['AnalyticsAnswers'];
export type AnalyticsMusic = components['schemas']['AnalyticsMusic'];

export type PeriodKind = 'last90' | 'season' | 'last12m' | 'custom';

/** Filters are the page's period and filters, as the query string carries them. */
export interface Filters {
  period: PeriodKind;
  from: string;
  to: string;
  voicePart: string;
  eventType: string;
}

/** query is the filters as query parameters: empty ones left out, dates only for a custom range. */
export function query(f: Filters): Record<string, string> {
  const q: Record<string, string> = { period: f.period };
  if (f.period === 'custom') {
    q.from = f.from;
    q.to = f.to;
  }
  if (f.voicePart) q.voicePart = f.voicePart;
  if (f.eventType) q.eventType = f.eventType;
  return q;
}

export const analyticsKeys = {
  all: (choirId: string) => ['choirs', choirId, 'analytics'] as const,
  section: (choirId: string, section: string, f: Filters) => ['choirs', choirId, 'analytics', section, query(f)] as const,
  voiceParts: (choirId: string) => ['choirs', choirId, 'musical-roles'] as const,
};

const opts = { placeholderData: keepPreviousData };
// The operations answer CSV too (format=csv, for downloads); these queries
// never ask for it, so their answers are the JSON sections.

export function useAttendance(choirId: string, f: Filters, enabled: boolean) {
  return useQuery({
    ...opts,
    enabled,
    queryKey: analyticsKeys.section(choirId, 'attendance', f),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/analytics/attendance', { params: { path: { choirId }, query: query(f) } })) as AnalyticsAttendance,
  });
}

export function useAnswers(choirId: string, f: Filters, enabled: boolean) {
  return useQuery({
    ...opts,
    enabled,
    queryKey: analyticsKeys.section(choirId, 'answers', f),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/analytics/answers', { params: { path: { choirId }, query: query(f) } })) as AnalyticsAnswers,
  });
}

export function useMusic(choirId: string, f: Filters, enabled: boolean) {
  return useQuery({
    ...opts,
    enabled,
    queryKey: analyticsKeys.section(choirId, 'music', f),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/analytics/music', { params: { path: { choirId }, query: query(f) } })) as AnalyticsMusic,
  });
}

/** useVoiceParts reads the choir's voice parts, for the filter. */
export function useVoiceParts(choirId: string) {
  return useQuery({
    queryKey: analyticsKeys.voiceParts(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/musical-roles', { params: { path: { choirId } } })),
  });
}

/** useSetThreshold keeps the attendance threshold and refreshes the attendance section. */
export function useSetThreshold(choirId: string) {
  const client = useQueryClient();
  return useSubmission({
    mutationFn: async (attendanceThreshold: number) =>
      unwrap(await api.PUT('/choirs/{choirId}/analytics/settings', { params: { path: { choirId } }, body: { attendanceThreshold } })),
    onSuccess: () => client.invalidateQueries({ queryKey: [...analyticsKeys.all(choirId), 'attendance'] }),
  });
}

/** csvUrl is the download of one table of a section, for the same filters. */
export function csvUrl(choirId: string, section: 'attendance' | 'answers' | 'music', table: string, f: Filters): string {
  const q = new URLSearchParams({ ...query(f), format: 'csv', table });
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/analytics/${section}?${q.toString()}`;
}
