// The account area's public face: what the app and other features may use.
export { ProfileFields, useProfileForm, type ProfileFieldsProps, type ProfileFormValues } from './ProfileFields';
export { accountKeys } from './queries';
export { forgetPushHere } from './pushDevice';
export type { ProfileValues } from './validation';

/** Pages for the router: each is loaded when its route is first visited. */
export const accountPages = {
  AccountLayout: () => import('./AccountLayout').then((m) => m.AccountLayout),
  ConnectedAccountsPage: () => import('./ConnectedAccountsPage').then((m) => m.ConnectedAccountsPage),
  NotificationsPage: () => import('./NotificationsPage').then((m) => m.NotificationsPage),
  ProfilePage: () => import('./ProfilePage').then((m) => m.ProfilePage),
  SecurityPage: () => import('./SecurityPage').then((m) => m.SecurityPage),
  YourDataPage: () => import('./YourDataPage').then((m) => m.YourDataPage),
};
