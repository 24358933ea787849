import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SubmissionResult } from '../../app/mutations';
import { ErrorAlert } from '../../components/ErrorAlert';
import { codePoints as length, MarkdownTextarea, ModalForm, useModalSubmit } from '../../components/MarkdownForm';
import type { Policy, PolicyInput } from './api';

// The server's rules, in its words (internal/policies).
export const TITLE_MAX = 200;
export const BODY_MAX = 50000;
export const TITLE_REQUIRED = 'Title is required';
export const TITLE_TOO_LONG = 'Keep the title under 200 characters';
export const BODY_REQUIRED = 'Write the policy';
export const BODY_TOO_LONG = 'Keep the policy under 50,000 characters';
export const MATERIAL_LABEL = 'This is a material change';

export interface PolicyValues {
  title: string;
  body: string;
  materialChange: boolean;
}

export function validatePolicy(values: PolicyValues): Partial<Record<keyof PolicyValues, string>> {
  const errors: Partial<Record<keyof PolicyValues, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = TITLE_REQUIRED;
  else if (length(title) > TITLE_MAX) errors.title = TITLE_TOO_LONG;
  const body = values.body.trim();
  if (!body) errors.body = BODY_REQUIRED;
  else if (length(body) > BODY_MAX) errors.body = BODY_TOO_LONG;
  return errors;
}

export interface PolicyFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The policy to change; none writes a new one. */
  editing: Policy | null;
  save: SubmissionResult<void, { id?: string; body: PolicyInput }>;
}

/** PolicyFormModal writes a policy or saves a new version of one. */
export function PolicyFormModal({ opened, onClose, editing, save }: PolicyFormModalProps) {
  const title = editing ? 'Edit policy' : 'New policy';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {/* Mounted afresh on each opening. */}
      {opened && <PolicyForm editing={editing} save={save} title={title} onDone={onClose} />}
    </Modal>
  );
}

function PolicyForm({ editing, save, title, onDone }: Omit<PolicyFormModalProps, 'opened' | 'onClose'> & { title: string; onDone: () => void }) {
  const form = useForm<PolicyValues>({
    initialValues: { title: editing?.title ?? '', body: editing?.body ?? '', materialChange: false },
    validate: validatePolicy,
  });
  const { failure, submit } = useModalSubmit(form, save, onDone);

  function onSubmit(values: PolicyValues) {
    const body: PolicyInput = { title: values.title.trim(), body: values.body.trim() };
    if (editing) body.materialChange = values.materialChange;
    return submit({ id: editing?.id, body });
  }

  return (
    <ModalForm title={title} onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput label="Title" required maxLength={TITLE_MAX * 2} {...form.getInputProps('title')} />
        <MarkdownTextarea label="Policy text" max={BODY_MAX} rows={12} {...form.getInputProps('body')} />
        {editing && (
          <Checkbox
            label={MATERIAL_LABEL}
            description="Every member must read and acknowledge the new version. Leave it off for corrections that change nothing."
            {...form.getInputProps('materialChange', { type: 'checkbox' })}
          />
        )}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.submitting}>
            {editing ? 'Save new version' : 'Publish policy'}
          </Button>
        </Group>
      </Stack>
    </ModalForm>
  );
}
