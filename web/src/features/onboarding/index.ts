export { OnboardingWizard } from './OnboardingWizard';
export { paymentsEnabled } from './payments';
export { useWizardSteps, WizardStepBar } from './WizardSteps';
