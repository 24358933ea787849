// The account area's public face: what the app and other features may use.
export { AccountLayout } from './AccountLayout';
export { ConnectedAccountsPage } from './ConnectedAccountsPage';
export { NotificationsPage } from './NotificationsPage';
export { ProfileFields, useProfileSave, type ProfileFieldsProps } from './ProfileFields';
export { ProfilePage } from './ProfilePage';
export { SecurityPage } from './SecurityPage';
export { accountKeys, profileSaved } from './queries';
export type { ProfileValues } from './validation';
