// Choir policies and attendance rules: what the app and other features may use.
export { MyStandingNotice, PolicyNotice } from './PolicyNotice';
export { myStandingQuery, policiesQuery } from './api';

/** Pages for the router: each is loaded when its route is first visited. */
export const policyPages = {
  PoliciesPage: () => import('./PoliciesPage').then((m) => m.PoliciesPage),
};
