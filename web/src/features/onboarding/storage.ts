// Session-storage keys of the onboarding wizard (accounts §3, §4.11).
import type { PlanId } from '../../app/billing';
import { readSession, removeSession, writeSession } from '../../app/storage';

export const ONBOARDING_COMPLETE_KEY = 'onboardingComplete';
export const SELECTED_PLAN_KEY = 'selectedPlan';
export const CHECKOUT_INITIATED_KEY = 'checkoutInitiated';
export const PENDING_CHECKOUT_KEY = 'pendingCheckout';

export function isOnboardingComplete(): boolean {
  return readSession(ONBOARDING_COMPLETE_KEY) === 'true';
}

export function markOnboardingComplete(): void {
  writeSession(ONBOARDING_COMPLETE_KEY, 'true');
}

const planIds: readonly string[] = ['small', 'medium', 'large'] satisfies PlanId[];

/** storedPlan is the plan recorded earlier in this browser session, if any. */
export function storedPlan(): PlanId | null {
  const value = readSession(SELECTED_PLAN_KEY);
  return value && planIds.includes(value) ? (value as PlanId) : null;
}

export function recordPlan(plan: PlanId): void {
  writeSession(SELECTED_PLAN_KEY, plan);
}

export function isCheckoutInitiated(): boolean {
  return readSession(CHECKOUT_INITIATED_KEY) === 'true';
}

/**
 * recordCheckoutInitiated is what an event of the payment provider's pricing
 * table does: it records the plan and flags that checkout was initiated.
 */
export function recordCheckoutInitiated(plan: PlanId): void {
  recordPlan(plan);
  writeSession(CHECKOUT_INITIATED_KEY, 'true');
}

export function markPendingCheckout(): void {
  writeSession(PENDING_CHECKOUT_KEY, 'true');
}

/**
 * recordCheckoutReturn is Stripe sending the user back paid: checkout was
 * initiated, and the pending checkout is now the session the new choir takes
 * over once it is created.
 */
export function recordCheckoutReturn(sessionId: string): void {
  recordCheckoutInitiated(storedPlan() ?? 'medium');
  writeSession(PENDING_CHECKOUT_KEY, sessionId);
}

/** pendingCheckoutSession is the paid checkout session no choir has taken over yet. */
export function pendingCheckoutSession(): string | null {
  const value = readSession(PENDING_CHECKOUT_KEY);
  return value?.startsWith('cs_') ? value : null;
}

export function clearPendingCheckout(): void {
  removeSession(PENDING_CHECKOUT_KEY);
}

/**
 * clearOnboardingState forgets the wizard's keys. Sign-out calls it: they
 * belong to the user who set them, and a flag left for the next user of the
 * tab would skip (or misdirect) their onboarding.
 */
export function clearOnboardingState(): void {
  for (const key of [ONBOARDING_COMPLETE_KEY, SELECTED_PLAN_KEY, CHECKOUT_INITIATED_KEY, PENDING_CHECKOUT_KEY]) {
    removeSession(key);
  }
}
