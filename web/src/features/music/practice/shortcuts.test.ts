import { describe, expect, it } from 'vitest';
import { playerAction } from './playerKeys';
import { SHORTCUTS, shortcutFor, type Shortcut } from './shortcuts';

const press = (key: string, extra: Partial<KeyboardEvent> = {}) => ({ key, ctrlKey: false, altKey: false, metaKey: false, target: null, ...extra });

describe('shortcuts', () => {
  it('lists in the help overlay exactly the keys the player answers', () => {
    for (const [name, s] of Object.entries(SHORTCUTS) as [string, Shortcut][]) {
      for (const key of s.keys) expect(playerAction(press(key)), `${key} (${s.description})`).toBe(s.scope === 'player' ? name : null);
    }
  });

  it('leaves presses with Ctrl, Alt or Meta, and typing in a field, alone', () => {
    expect(shortcutFor(press('ArrowRight'))).toBe('nextPage');
    expect(shortcutFor(press('ArrowRight', { ctrlKey: true }))).toBeNull();
    const field = document.createElement('input');
    expect(shortcutFor(press('?', { target: field }))).toBeNull();
  });
});
