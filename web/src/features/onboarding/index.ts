// Onboarding: what the app and other features may use.
export { OnboardingWizard } from './OnboardingWizard';
export { clearOnboardingState } from './storage';
export { useWizardSteps, WizardStepBar } from './WizardSteps';
