// The plan being edited: a local copy of its title, notes and slots that the
// planning pages change and save at once (PUT with the version it was read
// at). An @mantine/form form, so the fields show the server's rules and its
// per-field details (slots.{index}.{field}) land under the field they name.
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useCallback, useEffect, useRef } from 'react';
import type { components } from '../../api/generated/schema';
import type { Plan, PlanUpdate } from './api';

export type PlanPiece = components['schemas']['PlanPiece'];

/** A slot as the draft holds it: the plan's slot plus a key that stays with it when it moves. */
export interface DraftSlot {
  key: string;
  label: string;
  musicId: string | null;
  music: PlanPiece | null;
  note: string;
  /** '' while no duration is given (what a NumberInput holds when empty). */
  durationMinutes: number | '';
}

export interface DraftValues {
  title: string;
  notes: string;
  slots: DraftSlot[];
}

/** The server's rules for a plan (updatePlan), in its words. */
export const MAX_SLOTS = 40;
export const TITLE_TOO_LONG = 'A title is at most 200 characters.';
export const NOTES_TOO_LONG = 'Notes are at most 2000 characters.';
export const LABEL_REQUIRED = 'Enter a label for this slot.';
export const LABEL_TOO_LONG = 'A label is at most 100 characters.';
export const NOTE_TOO_LONG = 'A note is at most 500 characters.';
export const DURATION_RULE = 'A duration is from 1 to 600 minutes.';

/** A piece as a slot needs it, from a plan's slot or a suggestion. */
export type PieceLike = Pick<PlanPiece, 'id' | 'title' | 'composer' | 'libraryNumber'> & { isArchived?: boolean };

function draftOf(plan: Plan): DraftValues {
  return {
    title: plan.title,
    notes: plan.notes,
    slots: plan.slots.map((s) => ({
      key: randomId(),
      label: s.label,
      musicId: s.musicId,
      music: s.music,
      note: s.note,
      durationMinutes: s.durationMinutes ?? '',
    })),
  };
}

/** planUpdate is the PUT body of a draft: the slots in order, with the version the plan was read at. */
export function planUpdate(values: DraftValues, version: number): PlanUpdate {
  return {
    title: values.title.trim(),
    notes: values.notes,
    slots: values.slots.map((s) => ({
      label: s.label.trim(),
      musicId: s.musicId,
      note: s.note,
      durationMinutes: s.durationMinutes === '' ? null : s.durationMinutes,
    })),
    version,
  };
}

/**
 * usePlanDraft holds a plan's editable copy. It follows the plan when the
 * plan changes (saved, copied into, reloaded) while nothing is unsaved;
 * reset takes a plan over whatever is unsaved.
 */
export function usePlanDraft(plan: Plan) {
  const form = useForm<DraftValues>({
    initialValues: draftOf(plan),
    validate: {
      title: (v) => (v.trim().length > 200 ? TITLE_TOO_LONG : null),
      notes: (v) => (v.length > 2000 ? NOTES_TOO_LONG : null),
      slots: {
        label: (v) => (!v.trim() ? LABEL_REQUIRED : v.trim().length > 100 ? LABEL_TOO_LONG : null),
        note: (v) => (v.length > 500 ? NOTE_TOO_LONG : null),
        durationMinutes: (v) => (v !== '' && (!Number.isInteger(v) || v < 1 || v > 600) ? DURATION_RULE : null),
      },
    },
  });
  const dirty = form.isDirty();

  // The plan version the draft last started from: the draft follows the plan when this changes.
  const seen = useRef(`${plan.id}/${plan.version}`);

  const reset = useCallback(
    (next: Plan) => {
      // Starting from a version counts as having seen it: otherwise a reload that reads the plan
      // again reset the draft a second time when the page's copy of the plan caught up, giving
      // every slot a new key, so the slots were drawn anew under the reader.
      seen.current = `${next.id}/${next.version}`;
      const values = draftOf(next);
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
    },
    // form is a new object each render; its setters are not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form.setValues, form.resetDirty, form.clearErrors],
  );

  // Follow the plan while nothing is unsaved: a saved or copied plan comes back with a new version.
  useEffect(() => {
    const now = `${plan.id}/${plan.version}`;
    if (seen.current === now) return;
    seen.current = now;
    if (!dirty) reset(plan);
  }, [plan, dirty, reset]);

  const slots = form.values.slots;
  const actions = {
    /** Moves the slot at from to index to (the others close up). */
    moveSlot: (from: number, to: number) => {
      if (from === to || to < 0 || to >= form.getValues().slots.length) return;
      form.reorderListItem('slots', { from, to });
    },
    /** Puts a piece in a slot, in place of any there. */
    setPiece: (index: number, piece: PieceLike) => {
      form.setFieldValue(`slots.${index}.musicId`, piece.id);
      const { id, title, composer, libraryNumber, isArchived = false } = piece;
    form.setFieldValue(`slots.${index}.music`, { id, title, composer, libraryNumber, isArchived });
    },
    /** Empties a slot; its label, note and duration stay. */
    clearSlot: (index: number) => {
      form.setFieldValue(`slots.${index}.musicId`, null);
      form.setFieldValue(`slots.${index}.music`, null);
    },
    /** Adds an empty slot at the end (none past the server's 40). */
    addSlot: (label?: string) => {
      const n = form.getValues().slots.length;
      if (n >= MAX_SLOTS) return;
      const slot: DraftSlot = {
        key: randomId(),
        label: label ?? `Slot ${n + 1}`,
        musicId: null,
        music: null,
        note: '',
        durationMinutes: '',
      };
      form.insertListItem('slots', slot);
    },
    /**
     * Puts a piece in the first empty slot, or in a new slot at the end
     * when none is empty; says which slot (its label), or null when the
     * plan is full.
     */
    placeNext: (piece: PieceLike): string | null => {
      const current = form.getValues().slots;
      const empty = current.findIndex((slot) => !slot.musicId);
      if (empty >= 0) {
        actions.setPiece(empty, piece);
        return current[empty].label.trim() || `Slot ${empty + 1}`;
      }
      if (current.length >= MAX_SLOTS) return null;
      const label = `Slot ${current.length + 1}`;
      actions.addSlot(label);
      actions.setPiece(current.length, piece);
      return label;
    },
    removeSlot: (index: number) => form.removeListItem('slots', index),
    /** Changes a slot's label, note or duration. */
    editSlot: (index: number, patch: Partial<Pick<DraftSlot, 'label' | 'note' | 'durationMinutes'>>) => {
      for (const [field, value] of Object.entries(patch)) form.setFieldValue(`slots.${index}.${field}`, value);
    },
    setTitle: (title: string) => form.setFieldValue('title', title),
    setNotes: (notes: string) => form.setFieldValue('notes', notes),
  };

  return {
    form,
    title: form.values.title,
    notes: form.values.notes,
    slots,
    dirty,
    reset,
    /** The PUT body of the draft, with the version of the plan it was read at. */
    update: (version = plan.version) => planUpdate(form.getValues(), version),
    ...actions,
  };
}

export type PlanDraft = ReturnType<typeof usePlanDraft>;
