import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';

export type HelpGuideSummary = components['schemas']['HelpGuideSummary'];
export type HelpGuide = components['schemas']['HelpGuide'];
export type HelpAudience = components['schemas']['HelpAudience'];

export const helpKeys = {
  list: (q: string) => ['help', 'guides', q] as const,
  guide: (id: string) => ['help', 'guide', id] as const,
};

/** useHelpGuides lists the guides holding every word of q (all of them for ''); the last list stays while the next loads. */
export function useHelpGuides(q: string) {
  return useQuery({
    queryKey: helpKeys.list(q),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/help/guides', { params: { query: q ? { q } : {} }, signal })).guides,
    placeholderData: keepPreviousData,
  });
}

export function useHelpGuide(id: string) {
  return useQuery({
    queryKey: helpKeys.guide(id),
    queryFn: async ({ signal }) => unwrap(await api.GET('/help/guides/{guideId}', { params: { path: { guideId: id } }, signal })),
  });
}
