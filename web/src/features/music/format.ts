// How the piece page words a piece's numbers (calendar §2 display rules).
import type { components } from '../../api/generated/schema';

type Composer = components['schemas']['Composer'];

/** formatDuration: '45 min' under an hour, then '1h' or '1h 30min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}h ${rest}min` : `${hours}h`;
}

/** difficultyLabel: 1 to 3 Easy, 4 to 6 Moderate, above 6 Challenging. */
export function difficultyLabel(level: number): string {
  if (level <= 3) return 'Easy';
  if (level <= 6) return 'Moderate';
  return 'Challenging';
}

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
