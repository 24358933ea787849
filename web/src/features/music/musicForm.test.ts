import { describe, expect, it } from 'vitest';
import { composerState, formValues, toMusicInput, validateMusic, COMPOSER_UNANSWERED } from './musicForm';
import { JC_BACH, JS_BACH, resolution } from './testing';

const typed = (composer: string) => ({ ...formValues(), title: 'Ave', composer });
const match = (score: number) => ({ composer: JS_BACH, score, kind: 'fuzzy' as const });

describe('the composer of a piece', () => {
  it('takes only a sure match without asking; a likely one is a question, never a silent merge', () => {
    expect(composerState(typed('Bach'), resolution({ recommendation: 'auto_match', matches: [match(1)] }))).toEqual({
      kind: 'chosen',
      composer: JS_BACH,
      auto: true,
    });
    const confirm = composerState(typed('Bach'), resolution({ recommendation: 'confirm_match', matches: [match(0.9)] }));
    expect(confirm.kind).toBe('question');
    expect(validateMusic(typed('Bach'), confirm)).toEqual({ composer: COMPOSER_UNANSWERED });
    const several = resolution({
      recommendation: 'manual_select',
      matches: [match(0.75), { composer: JC_BACH, score: 0.72, kind: 'surname' }],
    });
    expect(composerState(typed('Bach'), several).kind).toBe('question');
  });

  it('sends the chosen id, or newComposer for someone new, or nothing for no composer', () => {
    const chosen = { ...typed('JS Bach'), composerChoice: JS_BACH };
    expect(toMusicInput(chosen, composerState(chosen, undefined))).toMatchObject({ composerId: JS_BACH.id });
    expect(toMusicInput(chosen, composerState(chosen, undefined))).not.toHaveProperty('newComposer');

    const someoneElse = { ...typed('J.C. Bach'), newComposer: true };
    expect(toMusicInput(someoneElse, composerState(someoneElse, undefined))).toMatchObject({
      composerId: null,
      newComposer: true,
    });

    // A single weak match is create_new: said as new, so the server's reuse rule cannot merge it silently.
    const weak = composerState(typed('Whittaker'), resolution({ recommendation: 'create_new', matches: [match(0.72)] }));
    expect(toMusicInput(typed('Whittaker'), weak)).toMatchObject({ composerId: null, newComposer: true });

    const none = typed('  ');
    expect(composerState(none, undefined)).toEqual({ kind: 'empty' });
    expect(toMusicInput(none, composerState(none, undefined))).toMatchObject({ composer: '', composerId: null });
  });

  it('checks the ranges the contract states', () => {
    const values = { ...typed(''), rehearsalWeighting: 11, transpositionSemitones: -13, harmonicComplexityHint: 0 };
    expect(Object.keys(validateMusic(values, { kind: 'empty' })).sort()).toEqual([
      'harmonicComplexityHint',
      'rehearsalWeighting',
      'transpositionSemitones',
    ]);
    expect(validateMusic({ ...typed(''), title: ' ' }, { kind: 'empty' })).toEqual({ title: 'Title is required' });
  });
});
