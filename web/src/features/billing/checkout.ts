// Calls of checkout, the customer portal and a choir's plan (issue 29).
// Each write answers with a Stripe address the browser goes to.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { choirBillingQueryKey, standingQueryKey, type PlanId } from '../../app/billing';
import { useSubmission } from '../../app/mutations';

export type ChoirBilling = components['schemas']['ChoirBilling'];

export const billingKeys = {
  choir: choirBillingQueryKey,
};

/** goToStripe leaves the app for Stripe's page (a module function, so tests can watch it). */
export const stripeRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};

export function useChoirBilling(choirId: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.choir(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/billing', { params: { path: { choirId } } })),
    enabled,
  });
}

/** useChoirCheckout opens Stripe Checkout for a choir's plan and goes there. */
export function useChoirCheckout(choirId: string) {
  return useSubmission({
    mutationFn: async (plan: PlanId) =>
      unwrap(await api.POST('/choirs/{choirId}/billing/checkout', { params: { path: { choirId } }, body: { plan } })),
    meta: { submission: { loadingMessage: 'Opening checkout...', successMessage: null } },
    onSuccess: ({ url }) => stripeRedirect.go(url),
  });
}

/** PLAN_CHANGED is the toast after 'Change plan'. */
export const PLAN_CHANGED = 'The plan has been changed.';

/**
 * useChangePlan switches the choir to another plan: its Stripe subscription
 * when it pays, the plan it tries otherwise. The server refuses a plan the
 * choir's members or files do not fit, in words the error toast shows.
 */
export function useChangePlan(choirId: string) {
  const queryClient = useQueryClient();
  return useSubmission({
    mutationFn: async (plan: PlanId) =>
      unwrap(await api.PUT('/choirs/{choirId}/billing/plan', { params: { path: { choirId } }, body: { plan } })),
    meta: { submission: { loadingMessage: 'Changing the plan...', successMessage: PLAN_CHANGED } },
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKeys.choir(choirId), billing);
      // The banners name the plan and its member limit.
      void queryClient.invalidateQueries({ queryKey: standingQueryKey(choirId) });
    },
  });
}

/** useBillingPortal opens Stripe's customer portal of the choir's payer and goes there. */
export function useBillingPortal(choirId: string) {
  return useSubmission({
    mutationFn: async () => unwrap(await api.POST('/choirs/{choirId}/billing/portal', { params: { path: { choirId } } })),
    meta: { submission: { loadingMessage: 'Opening billing...', successMessage: null } },
    onSuccess: ({ url }) => stripeRedirect.go(url),
  });
}

/** useWizardCheckout opens Stripe Checkout from the wizard's plan step, before the choir exists. */
export function useWizardCheckout() {
  return useSubmission({
    mutationFn: async (plan: PlanId) => unwrap(await api.POST('/billing/checkout', { body: { plan } })),
    meta: { submission: { successMessage: null, loadingMessage: 'Opening checkout...' } },
    onSuccess: ({ url }) => stripeRedirect.go(url),
  });
}

/** useLinkCheckout gives the wizard's new choir the subscription paid at checkout. */
export function useLinkCheckout() {
  return useSubmission({
    mutationFn: async ({ choirId, sessionId }: { choirId: string; sessionId: string }) =>
      unwrap(await api.POST('/choirs/{choirId}/billing/link', { params: { path: { choirId } }, body: { sessionId } })),
    meta: { submission: { successMessage: null, loadingMessage: 'Setting up your plan...' } },
  });
}
