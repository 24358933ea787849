// Mantine's toasts container, in a module of its own so that App can load it
// after the first page (see App.tsx).
import './toasts.css';

export { Notifications } from '@mantine/notifications';
