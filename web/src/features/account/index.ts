// The account area's public face: what the app and other features may use.
export { AccountLayout } from './AccountLayout';
export { ConnectedAccountsPage } from './ConnectedAccountsPage';
export { NotificationsPage } from './NotificationsPage';
export { ProfileFields, useProfileForm, type ProfileFieldsProps, type ProfileFormValues } from './ProfileFields';
export { ProfilePage } from './ProfilePage';
export { SecurityPage } from './SecurityPage';
export { accountKeys } from './queries';
export type { ProfileValues } from './validation';
