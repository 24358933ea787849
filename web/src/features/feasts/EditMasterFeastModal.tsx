import { Autocomplete, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../api/client';
import { reportFailure } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { useCorrectMasterFeast, type MasterFeast, type MasterFeastUpdate } from './api';

/** The server's limits and words for a master feast (internal/feast). */
export const FEAST_NAME_MAX = 200;
export const FEAST_RANK_MAX = 50;
export const FEAST_MESSAGES = {
  nameRequired: 'Feast name is required',
  nameTooLong: 'Feast name is too long',
  rankRequired: 'Rank is required',
  rankTooLong: 'Rank is too long',
  saveFailed: 'Unable to save the feast. Please try again.',
} as const;

export interface FeastValues {
  defaultName: string;
  rank: string;
}

type FeastErrors = Partial<Record<keyof FeastValues, string>>;

/** normaliseFeastName: the server keeps a name with its runs of spaces made one. */
export function normaliseFeastName(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).join(' ');
}

/** validateFeast mirrors the server's rules for a name and a rank. */
export function validateFeast(values: FeastValues): FeastErrors {
  const errors: FeastErrors = {};
  const name = normaliseFeastName(values.defaultName);
  const rank = values.rank.trim();
  if (!name) errors.defaultName = FEAST_MESSAGES.nameRequired;
  else if ([...name].length > FEAST_NAME_MAX) errors.defaultName = FEAST_MESSAGES.nameTooLong;
  if (!rank) errors.rank = FEAST_MESSAGES.rankRequired;
  else if ([...rank].length > FEAST_RANK_MAX) errors.rank = FEAST_MESSAGES.rankTooLong;
  return errors;
}

/** feastChanges is the update to send: only what differs from the stored feast. */
export function feastChanges(feast: MasterFeast, values: FeastValues): MasterFeastUpdate {
  const changes: MasterFeastUpdate = {};
  const name = normaliseFeastName(values.defaultName);
  const rank = values.rank.trim();
  if (name !== feast.defaultName) changes.defaultName = name;
  if (rank !== feast.rank) changes.rank = rank;
  return changes;
}

export interface EditMasterFeastModalProps {
  /** The feast being edited; null keeps the modal closed. */
  feast: MasterFeast | null;
  /** Ranks in use in the calendar, offered as suggestions. */
  ranks: readonly string[];
  onClose: () => void;
}

/** EditMasterFeastModal corrects a master feast's name and rank (admin:global). */
export function EditMasterFeastModal({ feast, ranks, onClose }: EditMasterFeastModalProps) {
  return (
    <Modal opened={feast !== null} onClose={onClose} title={feast ? `Edit ${feast.defaultName}` : 'Edit feast'} centered>
      {/* Mounted afresh for each feast: the fields start from its stored values. */}
      {feast && <EditFeastForm key={feast.id} feast={feast} ranks={ranks} onDone={onClose} />}
    </Modal>
  );
}

function EditFeastForm({ feast, ranks, onDone }: { feast: MasterFeast; ranks: readonly string[]; onDone: () => void }) {
  const correction = useCorrectMasterFeast();
  const form = useForm<FeastValues>({
    initialValues: { defaultName: feast.defaultName, rank: feast.rank },
    validate: validateFeast,
  });

  async function onSubmit(values: FeastValues) {
    const changes = feastChanges(feast, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    try {
      await correction.submit(
        { id: feast.id, changes },
        {
          onSuccess: (saved) => {
            notify.success(`${saved.defaultName} saved`);
            onDone();
          },
          // A refusal about the name or rank shows under it; any other says why in a toast.
          onError: (err) => {
            const server = fieldErrors(err);
            if (server.defaultName || server.rank) showServerErrors(form, err);
            else reportFailure(err, FEAST_MESSAGES.saveFailed);
          },
        },
      );
    } catch {
      // Said above.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={`Edit ${feast.defaultName}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Key <Code>{feast.feastKey}</Code>
          {feast.type ? ` · type ${feast.type}` : ''}. Corrections are kept when the calendar is generated again.
        </Text>
        <TextInput label="Name" required autoComplete="off" data-autofocus {...form.getInputProps('defaultName')} />
        <Autocomplete label="Rank" required autoComplete="off" data={[...ranks]} {...form.getInputProps('rank')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={correction.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={correction.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
