import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlan, piece, planSlot } from './testing';
import { LABEL_REQUIRED, usePlanDraft } from './usePlanDraft';

const AVE = piece('m1', 'Ave verum corpus', 'Mozart', '112');

function draft(plan = makePlan()) {
  return renderHook((p) => usePlanDraft(p), { initialProps: plan });
}

const labels = (d: ReturnType<typeof usePlanDraft>) => d.slots.map((s) => s.label);

describe('usePlanDraft', () => {
  it('starts as the plan, with nothing unsaved', () => {
    const { result } = draft();
    expect(labels(result.current)).toEqual(['Entrance', 'Psalm', 'Communion']);
    expect(result.current.dirty).toBe(false);
    expect(result.current.update()).toEqual({
      title: '',
      notes: '',
      slots: [
        { label: 'Entrance', musicId: null, note: '', durationMinutes: null },
        { label: 'Psalm', musicId: null, note: '', durationMinutes: null },
        { label: 'Communion', musicId: null, note: '', durationMinutes: null },
      ],
      version: 3,
    });
  });

  it('puts a piece in a slot and clears it again, the slot keeping its label', () => {
    const { result } = draft();
    act(() => result.current.setPiece(1, AVE));
    expect(result.current.dirty).toBe(true);
    expect(result.current.slots[1]).toMatchObject({ label: 'Psalm', musicId: 'm1', music: { title: 'Ave verum corpus' } });
    expect(result.current.update().slots[1].musicId).toBe('m1');
    act(() => result.current.clearSlot(1));
    expect(result.current.slots[1]).toMatchObject({ label: 'Psalm', musicId: null, music: null });
    // Back as it was: nothing unsaved.
    expect(result.current.dirty).toBe(false);
  });

  it('moves a slot with its piece; a move past either end does nothing', () => {
    const { result } = draft();
    act(() => result.current.setPiece(0, AVE));
    act(() => result.current.moveSlot(0, 2));
    expect(labels(result.current)).toEqual(['Psalm', 'Communion', 'Entrance']);
    expect(result.current.slots[2].musicId).toBe('m1');
    act(() => result.current.moveSlot(2, 3));
    act(() => result.current.moveSlot(0, -1));
    expect(labels(result.current)).toEqual(['Psalm', 'Communion', 'Entrance']);
    expect(result.current.update().slots.map((s) => s.label)).toEqual(['Psalm', 'Communion', 'Entrance']);
  });

  it('places a piece in the next empty slot, then in a new slot at the end once none is empty', () => {
    const { result } = draft();
    const placed: (string | null)[] = [];
    for (const id of ['m1', 'm2', 'm3', 'm4']) {
      act(() => {
        placed.push(result.current.placeNext(piece(id, `Piece ${id}`, 'Anon', id)));
      });
    }
    expect(placed).toEqual(['Entrance', 'Psalm', 'Communion', 'Slot 4']);
    expect(result.current.slots.map((s) => [s.label, s.musicId, s.music?.title])).toEqual([
      ['Entrance', 'm1', 'Piece m1'],
      ['Psalm', 'm2', 'Piece m2'],
      ['Communion', 'm3', 'Piece m3'],
      ['Slot 4', 'm4', 'Piece m4'],
    ]);
  });

  it('adds, edits and removes slots', () => {
    const { result } = draft();
    act(() => result.current.addSlot('Recessional'));
    act(() => result.current.editSlot(3, { note: 'Organ plays out', durationMinutes: 4 }));
    act(() => result.current.removeSlot(1));
    expect(result.current.update().slots).toEqual([
      { label: 'Entrance', musicId: null, note: '', durationMinutes: null },
      { label: 'Communion', musicId: null, note: '', durationMinutes: null },
      { label: 'Recessional', musicId: null, note: 'Organ plays out', durationMinutes: 4 },
    ]);
    act(() => result.current.setTitle('  Easter Day  '));
    act(() => result.current.setNotes('Bring the Easter folder'));
    expect(result.current.update(7)).toMatchObject({ title: 'Easter Day', notes: 'Bring the Easter folder', version: 7 });
  });

  it('checks the server rules before saving', () => {
    const { result } = draft();
    act(() => result.current.editSlot(0, { label: ' ' }));
    let failed = false;
    act(() => {
      failed = result.current.form.validate().hasErrors;
    });
    expect(failed).toBe(true);
    expect(result.current.form.errors['slots.0.label']).toBe(LABEL_REQUIRED);
  });

  it('follows a new version of the plan while nothing is unsaved, and keeps unsaved changes otherwise', () => {
    const { result, rerender } = draft();
    rerender(makePlan({ version: 4, slots: [planSlot('Gathering', { musicId: 'm1', music: AVE })] }));
    expect(labels(result.current)).toEqual(['Gathering']);
    expect(result.current.dirty).toBe(false);

    act(() => result.current.clearSlot(0));
    rerender(makePlan({ version: 5 }));
    expect(labels(result.current)).toEqual(['Gathering']);
    expect(result.current.dirty).toBe(true);
    act(() => result.current.reset(makePlan({ version: 5 })));
    expect(labels(result.current)).toEqual(['Entrance', 'Psalm', 'Communion']);
    expect(result.current.dirty).toBe(false);
    expect(result.current.update().version).toBe(5);
  });
});
