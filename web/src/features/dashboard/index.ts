// The dashboard: what the app uses.
export { DashboardPage } from './DashboardPage';
