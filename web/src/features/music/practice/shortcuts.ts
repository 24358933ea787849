// The practice studio's keyboard shortcuts: one list, shown by the help
// overlay (KeyboardHelp) and matched by the studio and the player, so that
// what the overlay says is what the keys do.

export interface Shortcut {
  /** KeyboardEvent.key values that trigger it. */
  keys: readonly string[];
  /** How the overlay writes the keys. */
  label: string;
  /** What it does, as the overlay says it. */
  description: string;
  /** Who handles it: the score (studio) or the player. */
  scope: 'score' | 'player' | 'studio';
}

export const SHORTCUTS = {
  playPause: { keys: [' '], label: 'Space', description: 'Play or pause', scope: 'player' },
  back5: { keys: ['j', 'J'], label: 'J', description: 'Back 5 seconds', scope: 'player' },
  forward5: { keys: ['l', 'L'], label: 'L', description: 'Forward 5 seconds', scope: 'player' },
  slower: { keys: ['-', '_'], label: '-', description: 'Slower (5 %)', scope: 'player' },
  faster: { keys: ['=', '+'], label: '= or +', description: 'Faster (5 %)', scope: 'player' },
  loopA: { keys: ['['], label: '[', description: 'Set loop start (A) here', scope: 'player' },
  loopB: { keys: [']'], label: ']', description: 'Set loop end (B) here', scope: 'player' },
  clearLoop: { keys: ['\\'], label: '\\', description: 'Clear the loop', scope: 'player' },
  previousPage: { keys: ['ArrowLeft', 'PageUp'], label: '← or Page Up', description: 'Previous page', scope: 'score' },
  nextPage: { keys: ['ArrowRight', 'PageDown'], label: '→ or Page Down', description: 'Next page', scope: 'score' },
  help: { keys: ['?'], label: '?', description: 'Show the keyboard shortcuts', scope: 'studio' },
} as const satisfies Record<string, Shortcut>;

export type ShortcutName = keyof typeof SHORTCUTS;

/**
 * shortcutFor names the shortcut a key press is, or null. Presses with
 * Ctrl, Alt or Meta, and presses while typing in a field, are the
 * browser's and the field's.
 */
export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>): ShortcutName | null {
  if (e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return null;
  for (const [name, s] of Object.entries(SHORTCUTS) as [ShortcutName, Shortcut][]) {
    if (s.keys.includes(e.key)) return name;
  }
  return null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // Buttons, checkboxes and sliders keep their own keys (space presses a button), not the studio's typing guard.
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range'].includes(target.type);
}

// Controls that answer keys of their own (a slider's arrows, a field's
// cursor, a list's selection, a button's Space): while one has the focus,
// the keys are its, not the score's.
const CONTROL_ROLES = [
  ...['slider', 'spinbutton', 'textbox', 'searchbox', 'combobox', 'listbox', 'option', 'switch', 'checkbox', 'radio', 'radiogroup'],
  ...['menu', 'menubar', 'menuitem', 'menuitemradio', 'menuitemcheckbox', 'tab', 'tablist', 'button', 'link', 'scrollbar'],
  ...['grid', 'gridcell', 'tree', 'treeitem'],
];
const CONTROLS = [
  'input',
  'textarea',
  'select',
  'button',
  'a[href]',
  '[contenteditable]:not([contenteditable="false"])',
  ...CONTROL_ROLES.map((role) => `[role="${role}"]`),
].join(', ');

/** isControl says whether a key press is aimed at a focused control that has keys of its own. */
export function isControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest(CONTROLS) !== null || (target instanceof HTMLElement && target.isContentEditable);
}
