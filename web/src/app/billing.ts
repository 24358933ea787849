import { useQuery, type Query } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/generated/schema';

export type SubscriptionPlan = components['schemas']['SubscriptionPlan'];
export type PlanId = components['schemas']['SubscriptionPlanId'];
export type BillingPlans = components['schemas']['BillingPlans'];

/** What a self-hosted server (billing off) says where a hosted one shows its prices. */
export const SELF_HOSTED =
  'This Cantica server is self-hosted: every choir has every feature, with no plans, no limits and nothing to pay.';

/**
 * useBillingPlans reads whether this server charges for choirs and its plans,
 * which the server defines (none when billing is off: a self-hosted server).
 */
export function useBillingPlans() {
  return useQuery({
    queryKey: ['billing', 'plans'],
    queryFn: async () => unwrap(await api.GET('/billing/plans')),
    staleTime: Infinity,
  });
}

/** planById finds a plan among the server's, or undefined for an unknown id. */
export function planById(plans: readonly SubscriptionPlan[], id: string | null | undefined): SubscriptionPlan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** standingQueryKey is the cache key of GET /choirs/{choirId}/billing/standing (the banners). */
export const standingQueryKey = (choirId: string) => ['choirs', choirId, 'billing', 'standing'] as const;

/** choirBillingQueryKey is the cache key of GET /choirs/{choirId}/billing ("Plan and billing"). */
export const choirBillingQueryKey = (choirId: string) => ['billing', 'choir', choirId] as const;

/** isStandingQuery matches what says where any choir stands: its banners and its "Plan and billing". */
export function isStandingQuery(query: Pick<Query, 'queryKey'>): boolean {
  const [root, second, area, what] = query.queryKey;
  return (root === 'choirs' && area === 'billing' && what === 'standing') || (root === 'billing' && second === 'choir');
}
