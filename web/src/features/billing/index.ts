// Billing (issue 29): plans, the pricing page. What the app and other features may use.

/** Pages for the router: each is loaded when its route is first visited. */
export const billingPages = {
  PricingPage: () => import('./PricingPage').then((m) => m.PricingPage),
};

/** The plan and billing banners above every page of a choir (trial, read-only, past due, seats). */
export { choirStandingQuery, StandingBanners } from './StandingBanners';
// Checkout and the "Plan and billing" settings section (issue 29).
export { PlanBillingSection } from './PlanBillingSection';
export { stripeRedirect, useLinkCheckout, useWizardCheckout } from './checkout';
