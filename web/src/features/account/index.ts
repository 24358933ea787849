export { AccountLayout, ACCOUNT_TABS } from './AccountLayout';
export { ConnectedAccountsPage } from './ConnectedAccountsPage';
export { NotificationsPage } from './NotificationsPage';
export { ProfileFields, useProfileSave, type ProfileFieldsProps } from './ProfileFields';
export { ProfilePage } from './ProfilePage';
export { SecurityPage } from './SecurityPage';
export { accountKeys } from './queries';
