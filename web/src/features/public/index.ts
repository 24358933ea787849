// The public pages: what the app and other features may use.
export { AboutPage } from './AboutPage';
export { LandingPage } from './LandingPage';
export { getPlan, plans, type Plan, type PlanId } from './plans';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { PublicLayout } from './PublicLayout';
export { TermsPage } from './TermsPage';
