// The choir creation rules of accounts §5, mirrored from the server, which
// enforces them and answers with the same messages.

export const CHOIR_NAME_MAX = 200;

export const CHOIR_MESSAGES = {
  nameRequired: 'Choir name is required',
  nameTooLong: 'Choir name is too long',
  nameCharacters: 'Choir name can only contain letters, numbers, spaces, hyphens, and apostrophes',
  countryRequired: 'Country is required',
  affiliationRequired: 'Please complete the choir focus/type selection.',
} as const;

// Letters of any script (with their combining marks), decimal digits, spaces,
// hyphens and both apostrophes (' and ’).
const NAME_PATTERN = /^[\p{L}\p{M}\p{Nd} '’-]+$/u;

/** The fields a choir form can carry a message for; the server's details use the same keys. */
export type ChoirField = 'name' | 'city' | 'postcode' | 'country' | 'timeZone' | 'religiousAffiliationId';
export type ChoirErrors = Partial<Record<ChoirField, string>>;

/** validateChoirName returns the §5 message for a name, or undefined when it passes. */
export function validateChoirName(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return CHOIR_MESSAGES.nameRequired;
  if ([...trimmed].length > CHOIR_NAME_MAX) return CHOIR_MESSAGES.nameTooLong;
  if (!NAME_PATTERN.test(trimmed)) return CHOIR_MESSAGES.nameCharacters;
  return undefined;
}

export interface ChoirDetailsValues {
  name: string;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string | null;
  /** IANA time zone name. */
  timeZone: string | null;
}

/** validateChoirDetails checks name, country and time zone; city and postcode are optional. */
export function validateChoirDetails(values: ChoirDetailsValues): ChoirErrors {
  const errors: ChoirErrors = {};
  const name = validateChoirName(values.name);
  if (name) errors.name = name;
  if (!values.country) errors.country = CHOIR_MESSAGES.countryRequired;
  if (!values.timeZone) errors.timeZone = 'Time zone is required';
  return errors;
}

/** validateAffiliation: a choir needs a focus/type, and a tradition when faith-based. */
export function validateAffiliation(religiousAffiliationId: string | null): string | undefined {
  return religiousAffiliationId ? undefined : CHOIR_MESSAGES.affiliationRequired;
}
