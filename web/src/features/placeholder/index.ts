// Stand-ins for pages of later issues.
export { ComingSoonPage } from './ComingSoonPage';
