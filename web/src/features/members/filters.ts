// The directory's search and filters, kept apart from the page so the rules can be tested alone.
import type { ChoirMember, MembershipRole } from './api';

/** The voice-part filter's choice for members with no part. */
export const NO_VOICE_PART = 'none';

export interface MemberFilters {
  /** Matched against the full name and the email, ignoring case. */
  search: string;
  /** A musical role id, NO_VOICE_PART, or null for every member. */
  voicePart: string | null;
  role: MembershipRole | null;
}

export const NO_FILTERS: MemberFilters = { search: '', voicePart: null, role: null };

export function fullName(member: Pick<ChoirMember, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

function matchesSearch(member: ChoirMember, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${fullName(member)} ${member.email}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function matchesVoicePart(member: ChoirMember, voicePart: string | null): boolean {
  if (voicePart === null) return true;
  if (voicePart === NO_VOICE_PART) return member.musicalRoles.length === 0;
  return member.musicalRoles.some((part) => part.id === voicePart);
}

/** filterMembers keeps the members that pass every filter, in the server's order. */
export function filterMembers(members: readonly ChoirMember[], filters: MemberFilters): ChoirMember[] {
  return members.filter(
    (m) =>
      matchesSearch(m, filters.search) &&
      matchesVoicePart(m, filters.voicePart) &&
      (filters.role === null || m.role === filters.role),
  );
}
