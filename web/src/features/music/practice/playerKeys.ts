// The player's keys, as the studio's help overlay lists them: Space play or
// pause, J back 5 s, L forward 5 s, - slower, = or + faster, [ set A, ] set B,
// \ clear the loop.

export type PlayerAction = 'playPause' | 'back5' | 'forward5' | 'slower' | 'faster' | 'loopA' | 'loopB' | 'clearLoop';

const KEYS: Record<string, PlayerAction> = {
  ' ': 'playPause',
  j: 'back5',
  J: 'back5',
  l: 'forward5',
  L: 'forward5',
  '-': 'slower',
  _: 'slower',
  '=': 'faster',
  '+': 'faster',
  '[': 'loopA',
  ']': 'loopB',
  '\\': 'clearLoop',
};

/**
 * playerAction names what a key press does to the player, or null. Presses
 * with Ctrl, Alt or Meta are the browser's; presses while typing are the
 * field's; Space on a button or check box is that control's own.
 */
export function playerAction(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>): PlayerAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return null;
  const action = KEYS[e.key] ?? null;
  if (action === 'playPause' && ownsSpace(e.target)) return null;
  return action;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range'].includes(target.type);
}

function ownsSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target instanceof HTMLButtonElement || target instanceof HTMLInputElement;
}
