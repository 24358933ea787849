// Onboarding: what the app and other features may use.
export { clearOnboardingState, recordPlan } from './storage';
export { useWizardSteps, WizardStepBar } from './WizardSteps';

/** Pages for the router: each is loaded when its route is first visited. */
export const onboardingPages = {
  OnboardingWizard: () => import('./OnboardingWizard').then((m) => m.OnboardingWizard),
};
