import { useLocation } from 'react-router';
import type { HelpAudience } from './api';

/** Whom a guide is for, in the list's words. */
export const AUDIENCE_LABELS: Record<HelpAudience, string> = {
  director: 'Directors',
  singer: 'Singers',
  administrator: 'Global admins',
  operator: 'Server operators',
};

/** The help center lives at /help (public) and /dashboard/help (in the shell); its links stay where the reader is. */
export function useHelpBase(): string {
  return useLocation().pathname.startsWith('/dashboard/help') ? '/dashboard/help' : '/help';
}
