// The choir focus/type rules of accounts §4.11 and §5: a primary type picks a
// category of religious affiliation; faith-based choirs then pick their tradition.
import type { Affiliation, AffiliationCategory } from './api';

export type ChoirType = AffiliationCategory;

export const CHOIR_TYPE_PLACEHOLDER = '-- Select Primary Type --';
export const TRADITION_PLACEHOLDER = '-- Select Tradition/Denomination --';

export const CHOIR_TYPE_LABELS: Record<ChoirType, string> = {
  faith_based: 'Faith-Based / Religious',
  secular: 'Secular / Community',
  other: 'Other Focus',
};

const CHOIR_TYPES: readonly ChoirType[] = ['faith_based', 'secular', 'other'];

export function isChoirType(value: string): value is ChoirType {
  return (CHOIR_TYPES as readonly string[]).includes(value);
}

export interface ChoirTypeSelection {
  choirType: ChoirType | null;
  religiousAffiliationId: string | null;
}

export const EMPTY_SELECTION: ChoirTypeSelection = { choirType: null, religiousAffiliationId: null };

/** calendarUploadLabel: 'calendar uploaded' once a calendar has feast instances, else 'calendar not uploaded'. */
export function calendarUploadLabel(hasFeasts: boolean): string {
  return hasFeasts ? 'calendar uploaded' : 'calendar not uploaded';
}

/** offersFaithBased: the faith-based type is offered only once a faith-based calendar is published. */
export function offersFaithBased(affiliations: readonly Affiliation[]): boolean {
  return affiliations.some((a) => a.category === 'faith_based' && a.calendarPublished);
}

/**
 * choirTypeOptions lists the primary types to offer. A choir that is already
 * faith-based keeps that option, so its current type can still be shown.
 */
export function choirTypeOptions(
  affiliations: readonly Affiliation[],
  current: ChoirType | null = null,
): { value: ChoirType; label: string }[] {
  return CHOIR_TYPES.filter((t) => t !== 'faith_based' || offersFaithBased(affiliations) || current === 'faith_based').map(
    (t) => ({ value: t, label: CHOIR_TYPE_LABELS[t] }),
  );
}

/** traditions lists the faith-based affiliations, in the server's order. */
export function traditions(affiliations: readonly Affiliation[]): Affiliation[] {
  return affiliations.filter((a) => a.category === 'faith_based');
}

/**
 * traditionLabel names an affiliation and says whether its calendar is
 * uploaded: whether feast instances exist for it (not whether it is published,
 * which decides only whether faith-based is offered).
 */
export function traditionLabel(affiliation: Affiliation): string {
  return `${affiliation.name} (${calendarUploadLabel(affiliation.calendarHasFeasts)})`;
}

/**
 * selectChoirType applies a change of primary type: faith-based asks for a
 * tradition (the affiliation is cleared); another type takes the first
 * affiliation of its category; clearing resets both.
 */
export function selectChoirType(type: ChoirType | null, affiliations: readonly Affiliation[]): ChoirTypeSelection {
  if (!type) return EMPTY_SELECTION;
  if (type === 'faith_based') return { choirType: type, religiousAffiliationId: null };
  const first = affiliations.find((a) => a.category === type);
  return { choirType: type, religiousAffiliationId: first?.id ?? null };
}

/** selectionOf reads the type and affiliation of a saved choir. */
export function selectionOf(religiousAffiliationId: string | null, affiliations: readonly Affiliation[]): ChoirTypeSelection {
  const affiliation = affiliations.find((a) => a.id === religiousAffiliationId);
  if (!affiliation) return EMPTY_SELECTION;
  return { choirType: affiliation.category, religiousAffiliationId: affiliation.id };
}
