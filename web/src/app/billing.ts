import { useQuery } from '@tanstack/react-query';
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
