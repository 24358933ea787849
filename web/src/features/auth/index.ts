// Sign-in and sign-up: what the app and other features may use.
export { AuthCard, ErrorCard, LoadingHeading } from './AuthCard';
export { PasswordChecklist } from './PasswordChecklist';
export { passwordFailures, PASSWORDS_DO_NOT_MATCH } from './passwordRules';
export { emailError, NAME_MAX_LENGTH } from './validation';

/** Pages for the router: each is loaded when its route is first visited. */
export const authPages = {
  AuthCallbackPage: () => import('./AuthCallbackPage').then((m) => m.AuthCallbackPage),
  ForgotPasswordPage: () => import('./ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  LoginPage: () => import('./LoginPage').then((m) => m.LoginPage),
  RegisterPage: () => import('./RegisterPage').then((m) => m.RegisterPage),
  ResetPasswordPage: () => import('./ResetPasswordPage').then((m) => m.ResetPasswordPage),
  SignInRedirect: () => import('./SignInRedirect').then((m) => m.SignInRedirect),
};
