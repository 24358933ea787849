import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useChoir } from '../../app/choir';
import { showServerErrors } from '../../app/forms';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  useComposerMatch,
  useCreateMusic,
  useFetchComposerMatch,
  useCreateMusicCategory,
  useCreateMusicType,
  useLibraryNumbers,
  useMusicCategories,
  useMusicTypes,
  useUpdateMusic,
  useVoicings,
  type MusicPiece,
} from './api';
import { ComposerField } from './ComposerField';
import {
  COMPOSER_UNCHECKED,
  composerState,
  formValues,
  LENGTH_CATEGORIES,
  toMusicInput,
  validateMusic,
  type LengthCategory,
  type MusicFormValues,
} from './musicForm';
import { NamedListSelect } from './NamedListSelect';
import { TagPicker } from './TagPicker';
import { VoicingsField } from './VoicingsField';
import { MOBILE_QUERY } from '../../components/phone';

/** Pause after the last keystroke before the composer's name is matched. */
export const COMPOSER_DEBOUNCE_MS = 250;

export const UNSAVED_CHANGES_MESSAGE =
  'You have unsaved changes to this music piece. Are you sure you want to close the form? Your changes will be lost.';


/** Where the server's field names differ from the form's paths. */
const FORM_PATHS: Readonly<Record<string, string>> = {
  composerId: 'composer',
  newComposer: 'composer',
  voicings: 'voicingIds',
};

/** The form's fields that show messages; a message for any other goes in the list below the form. */
const SHOWN_FIELDS = new Set([
  'title',
  'subtitle',
  'composer',
  'arranger',
  'lyricist',
  'number',
  'typeId',
  'categoryId',
  'language',
  'tagIds',
  'voicingIds',
  'durationMinutes',
  'yearComposed',
  'rhythmicComplexityHint',
  'harmonicComplexityHint',
  'rehearsalWeighting',
  'minIntervalWeeks',
  'approxLengthCategory',
  'numPartsInfo',
  'startingNotesInfo',
  'transpositionSemitones',
  'catalogNumber',
  'sourcePublication',
  'copyrightInfo',
  'defaultNotes',
]);

export interface MusicFormModalProps {
  opened: boolean;
  /** Called once the form is to close: after a save, or a close the person confirmed. */
  onClose: () => void;
  /** The piece being edited; absent for a new one. */
  piece?: MusicPiece;
  onSaved?: (piece: MusicPiece) => void;
  /** Told whenever the form gains or loses unsaved changes. */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * Each new value asks the form to close as if its close button were
   * pressed (asking first when there are unsaved changes): the library
   * sends one when the person navigates to it while the form is open (§2).
   */
  closeRequest?: number;
}

/**
 * MusicFormModal creates a piece or edits one (edit:music). Closing it with
 * unsaved changes asks first (calendar §2).
 */
export function MusicFormModal({ opened, onClose, piece, onSaved, onDirtyChange, closeRequest }: MusicFormModalProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);

  function markDirty(next: boolean) {
    setDirty(next);
    onDirtyChange?.(next);
  }

  function requestClose() {
    if (dirty) setAsking(true);
    else onClose();
  }

  // A request from outside (navigation to the library) closes like the button.
  const onCloseRequest = useEffectEvent(() => {
    if (opened) requestClose();
  });
  const seenRequest = useRef(closeRequest);
  useEffect(() => {
    if (closeRequest === seenRequest.current) return;
    seenRequest.current = closeRequest;
    onCloseRequest();
  }, [closeRequest]);

  function done() {
    markDirty(false);
    setAsking(false);
    onClose();
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={piece ? 'Edit music' : 'Add music'}
        size="xl"
        fullScreen={isMobile}
        centered
      >
        {/* Mounted afresh at each opening: the fields start from the piece. */}
        {opened && (
          <MusicForm
            piece={piece}
            onCancel={requestClose}
            onSaved={(saved) => {
              done();
              onSaved?.(saved);
            }}
            onDirtyChange={markDirty}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={asking}
        title="Unsaved changes"
        confirmLabel="Discard changes"
        busy={false}
        onConfirm={done}
        onClose={() => setAsking(false)}
      >
        {UNSAVED_CHANGES_MESSAGE}
      </ConfirmModal>
    </>
  );
}

interface MusicFormProps {
  piece?: MusicPiece;
  onCancel: () => void;
  onSaved: (piece: MusicPiece) => void;
  onDirtyChange: (dirty: boolean) => void;
}

function MusicForm({ piece, onCancel, onSaved, onDirtyChange }: MusicFormProps) {
  const { currentChoir } = useChoir();
  const choirId = piece?.choirId ?? currentChoir?.id ?? '';
  const create = useCreateMusic(choirId);
  const update = useUpdateMusic(choirId);
  const fetchMatch = useFetchComposerMatch(choirId);
  // A save waiting for the composer's match: another is ignored meanwhile.
  const [checking, setChecking] = useState(false);
  const submitting = create.submitting || update.submitting || checking;
  const types = useMusicTypes(choirId);
  const categories = useMusicCategories(choirId);
  const voicings = useVoicings(choirId);
  const numbers = useLibraryNumbers(choirId, !piece);
  const createType = useCreateMusicType(choirId);
  const createCategory = useCreateMusicCategory(choirId);

  const form = useForm<MusicFormValues>({ initialValues: formValues(piece) });
  const values = form.getValues();

  const typed = values.composer.trim();
  const [debounced] = useDebouncedValue(typed, COMPOSER_DEBOUNCE_MS);
  // A composer chosen is not looked up again; a name said to be someone new
  // still is, for its famous spellings and to take the answer back.
  const lookup = values.composerChoice ? '' : debounced;
  const match = useComposerMatch(choirId, lookup);
  const current = lookup !== '' && lookup === typed && match.isSuccess && !match.isPlaceholderData;
  const resolution = current ? match.data : undefined;
  const state = composerState(values, resolution);

  const dirty = form.isDirty();
  const reportDirty = useEffectEvent((next: boolean) => onDirtyChange(next));
  useEffect(() => reportDirty(dirty), [dirty]);

  const input = (path: keyof MusicFormValues, options?: { type: 'checkbox' }) => form.getInputProps(path, options);
  const otherErrors = Object.entries(form.errors).filter(([path]) => !SHOWN_FIELDS.has(path));

  /**
   * decideComposer is the composer field's state for a save: as shown, or,
   * when the match for the name typed has not answered yet, as its answer
   * says; null when it could not be asked.
   */
  async function decideComposer(submitted: MusicFormValues) {
    if (state.kind !== 'pending') return state;
    setChecking(true);
    try {
      return composerState(submitted, await fetchMatch(submitted.composer));
    } catch {
      return null;
    } finally {
      setChecking(false);
    }
  }

  async function onSubmit() {
    if (submitting) return;
    const submitted = form.getValues();
    const decided = await decideComposer(submitted);
    if (!decided) {
      form.setFieldError('composer', COMPOSER_UNCHECKED);
      return;
    }
    // Typed on while the match was asked: the new name is matched first.
    if (form.getValues().composer !== submitted.composer) return;
    const errors = validateMusic(submitted, decided);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const body = toMusicInput(submitted, decided);
    const told = {
      onSuccess: onSaved,
      onError: (err: unknown) => showServerErrors(form, err, { names: FORM_PATHS }),
    };
    try {
      if (piece) await update.submit({ id: piece.id, body }, told);
      else await create.submit(body, told);
    } catch {
      // The toast and the fields have said why.
    }
  }

  const next = numbers.data?.next;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      noValidate
      aria-label={piece ? 'Edit music' : 'Add music'}
    >
      <Stack gap="md">
        <Fieldset legend="Main">
          <Stack gap="sm">
            <TextInput label="Title" required data-autofocus {...input('title')} />
            <TextInput label="Subtitle" {...input('subtitle')} />
            <ComposerField
              value={values.composer}
              state={state}
              resolution={resolution}
              checking={state.kind === 'pending' || (lookup !== '' && match.isFetching)}
              error={form.errors.composer}
              onTextChange={(text) => {
                form.setValues({ composer: text, composerChoice: null, newComposer: false });
                form.clearFieldError('composer');
              }}
              onChoose={(composer) => {
                form.setValues({ composerChoice: { id: composer.id, name: composer.name }, newComposer: false });
                form.clearFieldError('composer');
              }}
              onNew={() => {
                form.setValues({ composerChoice: null, newComposer: true });
                form.clearFieldError('composer');
              }}
              onUndo={() => form.setValues({ composerChoice: null, newComposer: false })}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label="Arranger" {...input('arranger')} />
              <TextInput label="Lyricist" {...input('lyricist')} />
              <Stack gap={4}>
                <TextInput
                  label="Library number"
                  placeholder={next ? `Next free: ${next}` : undefined}
                  {...input('number')}
                />
                {next && !values.number.trim() && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => form.setFieldValue('number', next)}
                  >
                    Use next free number {next}
                  </Button>
                )}
              </Stack>
              <TextInput label="Language" {...input('language')} />
              <NamedListSelect
                label="Type"
                noun="type"
                items={types.data}
                value={values.typeId}
                onChange={(id) => form.setFieldValue('typeId', id)}
                create={createType}
                error={form.errors.typeId}
              />
              <NamedListSelect
                label="Category"
                noun="category"
                items={categories.data}
                value={values.categoryId}
                onChange={(id) => form.setFieldValue('categoryId', id)}
                create={createCategory}
                error={form.errors.categoryId}
              />
            </SimpleGrid>
            <VoicingsField
              voicings={voicings.data ?? []}
              value={values.voicingIds}
              primary={values.primaryVoicingId}
              onChange={(voicingIds, primaryVoicingId) => form.setValues({ voicingIds, primaryVoicingId })}
              error={form.errors.voicingIds}
            />
            <TagPicker
              choirId={choirId}
              value={values.tagIds}
              onChange={(tagIds) => form.setFieldValue('tagIds', tagIds)}
              error={form.errors.tagIds}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Details">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput label="Duration (minutes)" min={0} allowDecimal={false} {...input('durationMinutes')} />
            <NumberInput label="Year composed" allowDecimal={false} {...input('yearComposed')} />
            <NumberInput
              label="Rhythmic complexity (1–10)"
              min={1}
              max={10}
              allowDecimal={false}
              {...input('rhythmicComplexityHint')}
            />
            <NumberInput
              label="Harmonic complexity (1–10)"
              min={1}
              max={10}
              allowDecimal={false}
              {...input('harmonicComplexityHint')}
            />
            <NumberInput
              label="Rehearsal weighting (1–10)"
              min={1}
              max={10}
              allowDecimal={false}
              {...input('rehearsalWeighting')}
            />
            <NumberInput label="Minimum weeks between uses" min={0} allowDecimal={false} {...input('minIntervalWeeks')} />
            <Select
              label="Length"
              data={LENGTH_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
              value={values.approxLengthCategory}
              onChange={(v) => form.setFieldValue('approxLengthCategory', (v ?? '') as LengthCategory)}
              allowDeselect={false}
              error={form.errors.approxLengthCategory}
            />
            <NumberInput
              label="Transposition (semitones)"
              min={-12}
              max={12}
              allowDecimal={false}
              {...input('transpositionSemitones')}
            />
            <TextInput label="Starting notes" {...input('startingNotesInfo')} />
            <TextInput label="Parts" {...input('numPartsInfo')} />
            <TextInput label="Catalog number" {...input('catalogNumber')} />
            <TextInput label="Source publication" {...input('sourcePublication')} />
            <TextInput label="Copyright" {...input('copyrightInfo')} />
            <Checkbox label="New to the choir" mt="lg" {...input('isNewToChoirFlag', { type: 'checkbox' })} />
          </SimpleGrid>
          <Textarea label="Default notes" rows={3} mt="sm" {...input('defaultNotes')} />
        </Fieldset>
        {otherErrors.length > 0 && (
          <ErrorAlert title="Please check the piece">
            <List size="sm">
              {otherErrors.map(([field, message]) => (
                <List.Item key={field}>{message}</List.Item>
              ))}
            </List>
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {piece ? 'Save changes' : 'Add music'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
