// Calls and cache keys of music planning (issue 18): the day as planning
// sees it, plans, suggestions, copy sources, templates, a piece's feasts and
// seasons, and the usage report. Each change a mutation that refreshes
// exactly what it changed.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { useSubmission } from '../../app/mutations';

export type PlanDay = components['schemas']['PlanDay'];
export type DayFeast = components['schemas']['DayFeast'];
export type LiturgicalSeason = components['schemas']['LiturgicalSeason'];
export type Plan = components['schemas']['Plan'];
export type PlanSlot = components['schemas']['PlanSlot'];
export type PlanSlotInput = components['schemas']['PlanSlotInput'];
export type PlanUpdate = components['schemas']['PlanUpdate'];
export type PlanSummary = components['schemas']['PlanSummary'];
export type PlanCopySources = components['schemas']['PlanCopySources'];
export type PlanSuggestions = components['schemas']['PlanSuggestions'];
export type PlanSuggestion = components['schemas']['PlanSuggestion'];
export type PlanTemplate = components['schemas']['PlanTemplate'];
export type PlanTemplateSlot = components['schemas']['PlanTemplateSlot'];
export type MusicLiturgy = components['schemas']['MusicLiturgy'];
export type MusicLiturgyInput = components['schemas']['MusicLiturgyInput'];
export type MusicUsage = components['schemas']['MusicUsage'];
export type NextService = components['schemas']['NextService'];

/** Cache keys under the choir's, so invalidating a choir refreshes these too. */
export const planningKeys = {
  all: (choirId: string) => ['choirs', choirId, 'planning'] as const,
  day: (choirId: string, date: string) => ['choirs', choirId, 'planning', 'day', date] as const,
  plansOn: (choirId: string, date: string) => ['choirs', choirId, 'planning', 'plans', date] as const,
  plan: (choirId: string, planId: string) => ['choirs', choirId, 'planning', 'plan', planId] as const,
  eventPlan: (choirId: string, eventId: string) => ['choirs', choirId, 'planning', 'event', eventId] as const,
  suggestions: (choirId: string, planId: string, q: string) => ['choirs', choirId, 'planning', 'suggestions', planId, q] as const,
  copySources: (choirId: string, planId: string) => ['choirs', choirId, 'planning', 'copy-sources', planId] as const,
  nextService: (choirId: string) => ['choirs', choirId, 'planning', 'next-service'] as const,
  templates: (choirId: string) => ['choirs', choirId, 'planning', 'templates'] as const,
  seasons: (choirId: string) => ['choirs', choirId, 'liturgical-seasons'] as const,
  liturgy: (choirId: string, musicId: string) => ['choirs', choirId, 'music', musicId, 'liturgy'] as const,
  usage: (choirId: string, from: string, to: string) => ['choirs', choirId, 'planning', 'usage', from, to] as const,
};

/** usePlanDay reads a date's season, feasts and events in the choir's calendar. */
export function usePlanDay(choirId: string, date: string) {
  return useQuery({
    queryKey: planningKeys.day(choirId, date),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/plan-days/{date}', { params: { path: { choirId, date } } })),
  });
}

/** usePlansOn reads the plans of a date. */
export function usePlansOn(choirId: string, date: string) {
  return useQuery({
    queryKey: planningKeys.plansOn(choirId, date),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/plans', { params: { path: { choirId }, query: { date } } })),
  });
}

/** usePlan reads one plan. */
export function usePlan(choirId: string, planId: string | null) {
  return useQuery({
    queryKey: planningKeys.plan(choirId, planId ?? ''),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/plans/{planId}', { params: { path: { choirId, planId: planId! } } })),
    enabled: planId !== null,
  });
}

/** useEventPlan reads the plan of an event or occurrence; null when none is planned. */
export function useEventPlan(choirId: string, eventId: string) {
  return useQuery({
    queryKey: planningKeys.eventPlan(choirId, eventId),
    queryFn: async () => {
      const res = await api.GET('/choirs/{choirId}/events/{eventId}/plan', { params: { path: { choirId, eventId } } });
      if (res.response.status === 404) return null;
      return unwrap(res);
    },
  });
}

/** usePlanSuggestions reads the ranked pieces for a plan's date, optionally filtered by text. */
export function usePlanSuggestions(choirId: string, planId: string | null, q = '') {
  return useQuery({
    ...suggestionsQuery(choirId, planId ?? '', q),
    enabled: planId !== null,
    placeholderData: keepPreviousData,
  });
}

/** suggestionsQuery is the suggestions read, for the hook and for a search's Enter, which needs the answer at once. */
export function suggestionsQuery(choirId: string, planId: string, q: string) {
  return {
    queryKey: planningKeys.suggestions(choirId, planId, q),
    queryFn: async () =>
      unwrap(
        await api.GET('/choirs/{choirId}/plans/{planId}/suggestions', {
          params: { path: { choirId, planId }, query: q ? { q } : {} },
        }),
      ),
  };
}

/** usePlanCopySources reads last year's plans of the same feast and the recent earlier plans. */
export function usePlanCopySources(choirId: string, planId: string, enabled = true) {
  return useQuery({
    queryKey: planningKeys.copySources(choirId, planId),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/plans/{planId}/copy-sources', { params: { path: { choirId, planId } } })),
    enabled,
  });
}

/** useNextService reads where planning without a date opens. */
export function useNextService(choirId: string) {
  return useQuery({
    queryKey: planningKeys.nextService(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/plans/next-service', { params: { path: { choirId } } })),
  });
}

/** usePlanTemplates reads the slot template of every event type. */
export function usePlanTemplates(choirId: string) {
  return useQuery({
    queryKey: planningKeys.templates(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/plan-templates', { params: { path: { choirId } } })),
  });
}

/** useLiturgicalSeasons reads the seasons of the choir's calendar. */
export function useLiturgicalSeasons(choirId: string) {
  return useQuery({
    queryKey: planningKeys.seasons(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/liturgical-seasons', { params: { path: { choirId } } })),
  });
}

/** useMusicLiturgy reads the feasts and seasons a piece is sung for. */
export function useMusicLiturgy(choirId: string, musicId: string) {
  return useQuery({
    queryKey: planningKeys.liturgy(choirId, musicId),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/music/{musicId}/liturgy', { params: { path: { choirId, musicId } } })),
  });
}

/** useMusicUsage reads how often each piece was planned in a range. */
export function useMusicUsage(choirId: string, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: planningKeys.usage(choirId, from, to),
    queryFn: async () =>
      unwrap(await api.GET('/choirs/{choirId}/music-usage', { params: { path: { choirId }, query: { from, to } } })),
    enabled,
  });
}

/** musicUsageExportUrl is the CSV download of the usage report. */
export function musicUsageExportUrl(choirId: string, from: string, to: string): string {
  const q = new URLSearchParams({ from, to });
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/music-usage/export?${q.toString()}`;
}

/** planPdfUrl is the one-page PDF of a plan. */
export function planPdfUrl(choirId: string, planId: string): string {
  return `/api/v1/choirs/${encodeURIComponent(choirId)}/plans/${encodeURIComponent(planId)}/pdf`;
}

/**
 * A saved plan changes the plans of its date, the event's plan, the pieces'
 * suggestions (their history) and the usage report: refresh those; the
 * plan itself is set from the answer.
 */
function usePlanSaved(choirId: string) {
  const queryClient = useQueryClient();
  return (plan: Plan) => {
    queryClient.setQueryData(planningKeys.plan(choirId, plan.id), plan);
    void queryClient.invalidateQueries({ queryKey: planningKeys.plansOn(choirId, plan.date) });
    if (plan.eventId) void queryClient.invalidateQueries({ queryKey: planningKeys.eventPlan(choirId, plan.eventId) });
    void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'planning', 'suggestions'] });
    void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'planning', 'usage'] });
    void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'music'] });
  };
}

/** useCreatePlan starts the plan of an event, or of a date without one. */
export function useCreatePlan(choirId: string) {
  const saved = usePlanSaved(choirId);
  return useSubmission({
    mutationFn: async (body: components['schemas']['PlanInput']) =>
      unwrap(await api.POST('/choirs/{choirId}/plans', { params: { path: { choirId } }, body })),
    meta: { submission: {} },
    onSuccess: saved,
  });
}

/** useUpdatePlan saves a plan's title, notes and slots (with the version it was read at). */
export function useUpdatePlan(choirId: string, planId: string) {
  const saved = usePlanSaved(choirId);
  return useSubmission({
    mutationFn: async (body: PlanUpdate) =>
      unwrap(await api.PUT('/choirs/{choirId}/plans/{planId}', { params: { path: { choirId, planId } }, body })),
    meta: { submission: {} },
    onSuccess: saved,
  });
}

/** useCopyPlan replaces a plan's slots with an earlier plan's. */
export function useCopyPlan(choirId: string, planId: string) {
  const saved = usePlanSaved(choirId);
  return useSubmission({
    mutationFn: async (fromPlanId: string) =>
      unwrap(
        await api.POST('/choirs/{choirId}/plans/{planId}/copy', { params: { path: { choirId, planId } }, body: { fromPlanId } }),
      ),
    meta: { submission: {} },
    onSuccess: saved,
  });
}

/** useDeletePlan deletes a plan. */
export function useDeletePlan(choirId: string, plan: Plan) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async () =>
      unwrap(await api.DELETE('/choirs/{choirId}/plans/{planId}', { params: { path: { choirId, planId: plan.id } } })),
    meta: { submission: {} },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: planningKeys.plan(choirId, plan.id) });
      void queryClient.invalidateQueries({ queryKey: planningKeys.all(choirId) });
    },
  });
}

/** useSetPlanTemplate replaces an event type's slot template (an empty list restores the default). */
export function useSetPlanTemplate(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async ({ eventType, slots }: { eventType: string; slots: PlanTemplateSlot[] }) =>
      unwrap(
        await api.PUT('/choirs/{choirId}/plan-templates/{eventType}', {
          params: { path: { choirId, eventType } },
          body: { slots },
        }),
      ),
    meta: { submission: {} },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planningKeys.templates(choirId) }),
  });
}

/** useSetMusicLiturgy replaces the feasts and seasons a piece is sung for. */
export function useSetMusicLiturgy(choirId: string, musicId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (body: MusicLiturgyInput) =>
      unwrap(await api.PUT('/choirs/{choirId}/music/{musicId}/liturgy', { params: { path: { choirId, musicId } }, body })),
    meta: { submission: {} },
    onSuccess: (liturgy) => {
      queryClient.setQueryData(planningKeys.liturgy(choirId, musicId), liturgy);
      void queryClient.invalidateQueries({ queryKey: ['choirs', choirId, 'planning', 'suggestions'] });
    },
  });
}

/** useFeastChoices lists the feasts of the choir's calendar a piece can be tagged for (the calendar's own list, by feast key). */
export function useFeastChoices(choirId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['choirs', choirId, 'calendar-feasts'] as const,
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/calendar-feasts', { params: { path: { choirId } } })),
    enabled,
  });
}
