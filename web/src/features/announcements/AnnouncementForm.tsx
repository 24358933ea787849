import { Button, Checkbox, Group, Modal, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { SubmissionResult } from '../../app/mutations';
import { ErrorAlert, RetryAlert } from '../../components/ErrorAlert';
import { codePoints as length, MarkdownTextarea, ModalForm, useModalSubmit } from '../../components/MarkdownForm';
import type { Announcement, AnnouncementInput } from './api';

// The server's rules, in its words (internal/announce).
export const TITLE_MAX = 200;
export const BODY_MAX = 20000;
export const TITLE_REQUIRED = 'Title is required';
export const TITLE_TOO_LONG = 'Keep the title under 200 characters';
export const BODY_REQUIRED = 'Write the announcement';
export const BODY_TOO_LONG = 'Keep the announcement under 20,000 characters';
export const EXPIRES_BEFORE = 'The announcement must expire after it is published';
export const CHOOSE_A_PART = 'Choose at least one voice part';

export interface AnnouncementValues {
  title: string;
  body: string;
  audience: 'all' | 'parts';
  voicePartIds: string[];
  pinned: boolean;
  requiresAcknowledgement: boolean;
  emailOnPublish: boolean;
  /** datetime-local values in the reader's zone; '' publishes now, never expires. */
  publishAt: string;
  expiresAt: string;
  materialChange: boolean;
}

export function validateAnnouncement(values: AnnouncementValues): Partial<Record<keyof AnnouncementValues, string>> {
  const errors: Partial<Record<keyof AnnouncementValues, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = TITLE_REQUIRED;
  else if (length(title) > TITLE_MAX) errors.title = TITLE_TOO_LONG;
  const body = values.body.trim();
  if (!body) errors.body = BODY_REQUIRED;
  else if (length(body) > BODY_MAX) errors.body = BODY_TOO_LONG;
  if (values.audience === 'parts' && values.voicePartIds.length === 0) errors.voicePartIds = CHOOSE_A_PART;
  if (values.expiresAt) {
    const publish = values.publishAt ? new Date(values.publishAt) : new Date();
    if (new Date(values.expiresAt) <= publish) errors.expiresAt = EXPIRES_BEFORE;
  }
  return errors;
}

/** localInput turns an instant into a datetime-local value in the reader's zone. */
export function localInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function toInput(values: AnnouncementValues): AnnouncementInput {
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    pinned: values.pinned,
    requiresAcknowledgement: values.requiresAcknowledgement,
    emailOnPublish: values.emailOnPublish,
    publishAt: values.publishAt ? new Date(values.publishAt).toISOString() : null,
    expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
    voicePartIds: values.audience === 'parts' ? values.voicePartIds : [],
    materialChange: values.materialChange,
  };
}

export interface AnnouncementFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The announcement to edit; none writes a new one. */
  editing: Announcement | null;
  /** The choir whose voice parts are offered; null for the platform's announcements (everyone). */
  choirId: string | null;
  save: SubmissionResult<void, { id?: string; body: AnnouncementInput }>;
}

/** AnnouncementFormModal writes or edits an announcement. */
export function AnnouncementFormModal({ opened, onClose, editing, ...rest }: AnnouncementFormModalProps) {
  const title = editing ? 'Edit announcement' : 'New announcement';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {/* Mounted afresh on each opening. */}
      {opened && <AnnouncementForm {...rest} editing={editing} title={title} onDone={onClose} />}
    </Modal>
  );
}

// The members feature's key for the same list: one cache entry for both.
const musicalRolesKey = (choirId: string) => ['choirs', choirId, 'musical-roles'] as const;

function AnnouncementForm({
  choirId,
  editing,
  save,
  title,
  onDone,
}: Omit<AnnouncementFormModalProps, 'opened' | 'onClose'> & { title: string; onDone: () => void }) {
  const form = useForm<AnnouncementValues>({
    initialValues: {
      title: editing?.title ?? '',
      body: editing?.body ?? '',
      audience: editing && editing.voiceParts.length > 0 ? 'parts' : 'all',
      voicePartIds: editing?.voiceParts.map((p) => p.id) ?? [],
      pinned: editing?.pinned ?? false,
      requiresAcknowledgement: editing?.requiresAcknowledgement ?? false,
      emailOnPublish: editing?.emailOnPublish ?? false,
      publishAt: editing && editing.status === 'scheduled' ? localInput(editing.publishAt) : '',
      expiresAt: localInput(editing?.expiresAt),
      materialChange: false,
    },
    validate: validateAnnouncement,
  });
  const parts = useQuery({
    queryKey: musicalRolesKey(choirId ?? ''),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/musical-roles', { params: { path: { choirId: choirId ?? '' } } })),
    enabled: !!choirId,
  });
  const { failure, submit } = useModalSubmit(form, save, onDone);

  function onSubmit(values: AnnouncementValues) {
    const body = toInput(values);
    // An edit keeps the publish time it had unless a new one is chosen.
    if (editing && !values.publishAt) body.publishAt = editing.status === 'scheduled' ? null : editing.publishAt;
    return submit({ id: editing?.id, body });
  }

  const platform = choirId === null;
  return (
    <ModalForm title={title} onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput label="Title" required maxLength={TITLE_MAX * 2} {...form.getInputProps('title')} />
        <MarkdownTextarea label="Message" max={BODY_MAX} rows={8} {...form.getInputProps('body')} />
        {!platform && (
          <>
            <Radio.Group label="Who is it for?" {...form.getInputProps('audience')}>
              <Stack gap="xs" mt="xs">
                <Radio value="all" label="The whole choir" />
                <Radio value="parts" label="Chosen voice parts" />
              </Stack>
            </Radio.Group>
            {form.values.audience === 'parts' && (
              <>
                {parts.isPending && <Skeleton h={60} aria-hidden />}
                {parts.isError && <RetryAlert onRetry={() => void parts.refetch()}>The voice parts could not be loaded.</RetryAlert>}
                {parts.data && (
                  <Checkbox.Group label="Voice parts" {...form.getInputProps('voicePartIds')}>
                    <Group gap="md" mt="xs">
                      {parts.data.map((p) => (
                        <Checkbox key={p.id} value={p.id} label={p.name} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                )}
              </>
            )}
          </>
        )}
        <Checkbox label="Pin to the top" {...form.getInputProps('pinned', { type: 'checkbox' })} />
        {!platform && (
          <>
            <Checkbox
              label="Ask members to confirm they have read it"
              {...form.getInputProps('requiresAcknowledgement', { type: 'checkbox' })}
            />
            <Checkbox
              label="Email it to them when it is published"
              description="Members who turned announcement emails off do not get it."
              {...form.getInputProps('emailOnPublish', { type: 'checkbox' })}
            />
          </>
        )}
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label="Publish at"
            description="Empty: now"
            {...form.getInputProps('publishAt')}
          />
          <TextInput
            type="datetime-local"
            label="Hide after"
            description="Empty: never"
            {...form.getInputProps('expiresAt')}
          />
        </Group>
        {editing?.requiresAcknowledgement && form.values.requiresAcknowledgement && (
          <Checkbox
            label="This is a material change"
            description="Everyone must read and confirm it again."
            {...form.getInputProps('materialChange', { type: 'checkbox' })}
          />
        )}
        {failure && (
          <ErrorAlert role="alert" title="The announcement was not saved">
            {failure}
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={save.submitting}>
            {editing ? 'Save changes' : 'Publish'}
          </Button>
        </Group>
        {!editing && (
          <Text size="xs" c="dimmed">
            {form.values.publishAt ? 'It will appear at the time you chose.' : 'It appears at once.'}
          </Text>
        )}
      </Stack>
    </ModalForm>
  );
}
