export { ChoirDetailsFields, ChoirFields, ChoirTypeFields, emptyChoirValues, type ChoirFormValues } from './ChoirFields';
export { ChoirRegistrationForm, type ChoirRegistrationFormProps } from './ChoirRegistrationForm';
export { ChoirSettingsPage } from './ChoirSettingsPage';
export { CreateChoirPage } from './CreateChoirPage';
export { SettingsPage } from './SettingsPage';
export { choirKeys } from './api';
