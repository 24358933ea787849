// Sign-in and sign-up: what the app and other features may use.
export { AuthCallbackPage } from './AuthCallbackPage';
export { AuthCard } from './AuthCard';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginPage } from './LoginPage';
export { PasswordChecklist } from './PasswordChecklist';
export { passwordFailures, PASSWORDS_DO_NOT_MATCH } from './passwordRules';
export { RegisterPage } from './RegisterPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { emailError, NAME_MAX_LENGTH } from './validation';
