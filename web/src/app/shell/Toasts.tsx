// Mantine's toasts container, in a module of its own so that App can load it
// after the first page (see App.tsx).
export { Notifications } from '@mantine/notifications';
