// What the dashboard's week looked like on the last visit, per choir: the
// skeletons shown while the week loads take its shape (a checklist, how many
// event cards, how many upcoming events), so that the page does not jump when
// the week arrives. Only counts are kept, in this browser's local storage.
import type { Week } from './weekApi';

export interface WeekShape {
  /** The getting-started checklist is shown. */
  checklist: boolean;
  /** Event cards: the next rehearsal, the next service. */
  cards: number;
  /** Events in the upcoming list. */
  upcoming: number;
}

/** The upcoming list's skeleton draws at most this many rows (a phone's screen). */
export const MAX_UPCOMING_ROWS = 5;

const storageKey = (choirId: string) => `cantica.weekShape.${choirId}`;

export function weekShapeOf(week: Week): WeekShape {
  return {
    checklist: !!week.checklist,
    cards: (week.rehearsal ? 1 : 0) + (week.service ? 1 : 0),
    upcoming: Math.min(week.upcoming.length, MAX_UPCOMING_ROWS),
  };
}

/**
 * guessWeekShape is the shape before a first visit from this browser: for those
 * who manage the choir, a choir new to them (the checklist, nothing planned yet),
 * as right after creating it; for the others, a choir in its stride.
 */
export function guessWeekShape(managesChoir: boolean): WeekShape {
  return managesChoir ? { checklist: true, cards: 0, upcoming: 0 } : { checklist: false, cards: 2, upcoming: 3 };
}

/** readWeekShape is the shape remembered for the choir, or null (none, or storage unavailable). */
export function readWeekShape(choirId: string): WeekShape | null {
  try {
    const raw = window.localStorage.getItem(storageKey(choirId));
    if (!raw) return null;
    const shape = JSON.parse(raw) as Partial<WeekShape>;
    if (typeof shape.checklist !== 'boolean' || typeof shape.cards !== 'number' || typeof shape.upcoming !== 'number') return null;
    return {
      checklist: shape.checklist,
      cards: Math.max(0, Math.min(2, Math.floor(shape.cards))),
      upcoming: Math.max(0, Math.min(MAX_UPCOMING_ROWS, Math.floor(shape.upcoming))),
    };
  } catch {
    return null;
  }
}

export function rememberWeekShape(choirId: string, shape: WeekShape): void {
  try {
    window.localStorage.setItem(storageKey(choirId), JSON.stringify(shape));
  } catch {
    // Not kept: the next visit guesses the shape instead.
  }
}
