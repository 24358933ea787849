// How the piece page words a piece's numbers (calendar §2 display rules).
import type { components } from '../../api/generated/schema';

type Composer = components['schemas']['Composer'];

// Shared with the practice link page, which must not load the library's code.
export { difficultyLabel, formatDuration } from '../../components/format';

/** composerLifetime: '1685–1750', 'born 1975' for the living, '' when unknown. */
export function composerLifetime(composer: Pick<Composer, 'birthYear' | 'deathYear'>): string {
  const { birthYear, deathYear } = composer;
  if (birthYear && deathYear) return `${birthYear}–${deathYear}`;
  if (birthYear) return `born ${birthYear}`;
  if (deathYear) return `died ${deathYear}`;
  return '';
}

/** formatTransposition: '+2 semitones', '−1 semitone'. */
export function formatTransposition(semitones: number): string {
  const sign = semitones > 0 ? '+' : '−';
  return `${sign}${Math.abs(semitones)} semitone${Math.abs(semitones) === 1 ? '' : 's'}`;
}
