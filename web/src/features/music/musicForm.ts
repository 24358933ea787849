// The piece form's values and how they become the MusicInput the server
// takes, kept apart from the dialog so the rules can be tested alone.
import type { Composer, ComposerResolution, MusicInput, MusicPiece } from './api';

/** A number field's value: empty until a number is typed. */
export type NumberValue = number | '';

export type LengthCategory = NonNullable<MusicInput['approxLengthCategory']>;

export interface MusicFormValues {
  title: string;
  subtitle: string;
  composer: string;
  /** The composer the person chose or confirmed (or who was matched for sure), else null. */
  composerChoice: Pick<Composer, 'id' | 'name'> | null;
  /** The person said the composer is someone new. */
  newComposer: boolean;
  arranger: string;
  lyricist: string;
  number: string;
  typeId: string | null;
  categoryId: string | null;
  language: string;
  tagIds: string[];
  voicingIds: string[];
  primaryVoicingId: string | null;
  durationMinutes: NumberValue;
  yearComposed: NumberValue;
  rhythmicComplexityHint: NumberValue;
  harmonicComplexityHint: NumberValue;
  rehearsalWeighting: NumberValue;
  minIntervalWeeks: NumberValue;
  isNewToChoirFlag: boolean;
  approxLengthCategory: LengthCategory;
  numPartsInfo: string;
  startingNotesInfo: string;
  transpositionSemitones: NumberValue;
  catalogNumber: string;
  sourcePublication: string;
  copyrightInfo: string;
  defaultNotes: string;
}

export const LENGTH_CATEGORIES: readonly { value: LengthCategory; label: string }[] = [
  { value: '', label: 'Not set' },
  { value: 'short', label: 'Short' },
  { value: 'medium', label: 'Medium' },
  { value: 'long', label: 'Long' },
];

export const TITLE_REQUIRED = 'Title is required';
export const COMPOSER_UNANSWERED = 'Say whether this is one of the composers suggested, or someone new.';
export const COMPOSER_UNCHECKED = 'The composer could not be looked up in your library. Please try saving again.';

const num = (value: number | null | undefined): NumberValue => (value ?? '') as NumberValue;

/** formValues starts the form from a piece, or empty for a new one (transposition 0, calendar §9). */
export function formValues(piece?: MusicPiece): MusicFormValues {
  const primary = piece?.voicings.find((v) => v.isPrimary) ?? piece?.voicings[0];
  const record = piece?.composerRecord;
  return {
    title: piece?.title ?? '',
    subtitle: piece?.subtitle ?? '',
    composer: piece?.composer ?? '',
    composerChoice: piece?.composerId ? { id: piece.composerId, name: record?.name ?? piece.composer ?? '' } : null,
    newComposer: false,
    arranger: piece?.arranger ?? '',
    lyricist: piece?.lyricist ?? '',
    number: piece?.number ?? '',
    typeId: piece?.typeId ?? piece?.type?.id ?? null,
    categoryId: piece?.categoryId ?? piece?.category?.id ?? null,
    language: piece?.language ?? '',
    tagIds: piece?.tags.map((t) => t.id) ?? [],
    voicingIds: piece?.voicings.map((v) => v.voicingId) ?? [],
    primaryVoicingId: primary?.voicingId ?? null,
    durationMinutes: num(piece?.durationMinutes),
    yearComposed: num(piece?.yearComposed),
    rhythmicComplexityHint: num(piece?.rhythmicComplexityHint),
    harmonicComplexityHint: num(piece?.harmonicComplexityHint),
    rehearsalWeighting: num(piece?.rehearsalWeighting),
    minIntervalWeeks: num(piece?.minIntervalWeeks),
    isNewToChoirFlag: piece?.isNewToChoirFlag ?? false,
    approxLengthCategory: piece?.approxLengthCategory ?? '',
    numPartsInfo: piece?.numPartsInfo ?? '',
    startingNotesInfo: piece?.startingNotesInfo ?? '',
    transpositionSemitones: piece?.transpositionSemitones ?? 0,
    catalogNumber: piece?.catalogNumber ?? '',
    sourcePublication: piece?.sourcePublication ?? '',
    copyrightInfo: piece?.copyrightInfo ?? '',
    defaultNotes: piece?.defaultNotes ?? '',
  };
}

/**
 * ComposerState is where the composer field stands: what the person
 * decided, else what the server recommends for the name as typed.
 */
export type ComposerState =
  | { kind: 'empty' }
  | { kind: 'chosen'; composer: Pick<Composer, 'id' | 'name'>; auto: boolean }
  | { kind: 'new' }
  | { kind: 'pending' }
  | { kind: 'question'; resolution: ComposerResolution };

/**
 * composerState decides what the composer field shows. resolution is the
 * server's answer for exactly the name typed (undefined while it is asked).
 * Only auto_match is taken without asking; a confirm_match or
 * manual_select waits for the person, and create_new means someone new.
 */
export function composerState(values: MusicFormValues, resolution: ComposerResolution | undefined): ComposerState {
  if (!values.composer.trim()) return { kind: 'empty' };
  if (values.composerChoice) return { kind: 'chosen', composer: values.composerChoice, auto: false };
  if (values.newComposer) return { kind: 'new' };
  if (!resolution) return { kind: 'pending' };
  const best = resolution.matches[0];
  if (resolution.recommendation === 'auto_match' && best) return { kind: 'chosen', composer: best.composer, auto: true };
  if (resolution.recommendation === 'create_new' || !best) return { kind: 'new' };
  return { kind: 'question', resolution };
}

const optional = (value: NumberValue): number | null => (value === '' ? null : value);

/**
 * toMusicInput is the body of a create or update. The composer goes as the
 * chosen composer's id, or as newComposer when the person (or the server's
 * create_new) said it is someone new. The form saves only once the match
 * has answered, so that the server never picks a composer by its own rule.
 */
export function toMusicInput(values: MusicFormValues, state: ComposerState): MusicInput {
  const composerId = state.kind === 'chosen' ? state.composer.id : null;
  return {
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    composer: values.composer.trim(),
    composerId,
    ...(state.kind === 'new' ? { newComposer: true } : {}),
    arranger: values.arranger.trim(),
    lyricist: values.lyricist.trim(),
    number: values.number.trim(),
    typeId: values.typeId || null,
    categoryId: values.categoryId || null,
    language: values.language.trim(),
    tagIds: values.tagIds,
    voicings: values.voicingIds.map((voicingId) => ({ voicingId, isPrimary: voicingId === values.primaryVoicingId })),
    durationMinutes: optional(values.durationMinutes),
    yearComposed: optional(values.yearComposed),
    rhythmicComplexityHint: optional(values.rhythmicComplexityHint),
    harmonicComplexityHint: optional(values.harmonicComplexityHint),
    rehearsalWeighting: optional(values.rehearsalWeighting),
    minIntervalWeeks: optional(values.minIntervalWeeks),
    isNewToChoirFlag: values.isNewToChoirFlag,
    approxLengthCategory: values.approxLengthCategory,
    numPartsInfo: values.numPartsInfo.trim(),
    startingNotesInfo: values.startingNotesInfo.trim(),
    transpositionSemitones: values.transpositionSemitones === '' ? 0 : values.transpositionSemitones,
    catalogNumber: values.catalogNumber.trim(),
    sourcePublication: values.sourcePublication.trim(),
    copyrightInfo: values.copyrightInfo.trim(),
    defaultNotes: values.defaultNotes,
  };
}

const inRange = (value: NumberValue, min: number, max: number, message: string) =>
  value !== '' && (value < min || value > max || !Number.isInteger(value)) ? message : null;

/** validateMusic checks what the browser can before the server does; messages by form path. */
export function validateMusic(values: MusicFormValues, state: ComposerState): Record<string, string> {
  const errors: Record<string, string | null> = {
    title: values.title.trim() ? null : TITLE_REQUIRED,
    composer: state.kind === 'question' ? COMPOSER_UNANSWERED : null,
    rehearsalWeighting: inRange(values.rehearsalWeighting, 1, 10, 'Rehearsal weighting is 1 to 10'),
    rhythmicComplexityHint: inRange(values.rhythmicComplexityHint, 1, 10, 'Rhythmic complexity is 1 to 10'),
    harmonicComplexityHint: inRange(values.harmonicComplexityHint, 1, 10, 'Harmonic complexity is 1 to 10'),
    transpositionSemitones: inRange(values.transpositionSemitones, -12, 12, 'Transposition is -12 to 12 semitones'),
    minIntervalWeeks: inRange(values.minIntervalWeeks, 0, Number.MAX_SAFE_INTEGER, 'Enter a whole number of weeks'),
    durationMinutes: inRange(values.durationMinutes, 0, Number.MAX_SAFE_INTEGER, 'Enter a whole number of minutes'),
  };
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== null));
}
