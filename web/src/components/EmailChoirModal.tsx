import { Button, Checkbox, Group, Modal, Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import type { components } from '../api/generated/schema';
import { normaliseError } from '../app/errors';
import { showServerErrors } from '../app/forms';
import { useSubmission } from '../app/mutations';
import { notify } from '../app/notify';
import { ErrorAlert, RetryAlert } from './ErrorAlert';

type ChoirEmailRequest = components['schemas']['ChoirEmailRequest'];

/** What is emailed: an event or occurrence (its entry id), or a piece's practice link. */
export type EmailTarget = { eventId: string } | { musicId: string };

export const NOTE_MAX = 2000;
export const CHOOSE_A_PART = 'Choose at least one voice part';
export const NOTE_TOO_LONG = `The note can be at most ${NOTE_MAX} characters`;

/**
 * emailSentMessage: 'Email sent to 12 members', or '1 member'; the sender's
 * copy is not one of the members, so it is said apart.
 */
export function emailSentMessage(n: number, copyToSender = false): string {
  const sent = `Email sent to ${n} ${n === 1 ? 'member' : 'members'}`;
  return copyToSender ? `${sent} and a copy to you` : sent;
}

interface EmailValues {
  recipients: 'all' | 'parts';
  voicePartIds: string[];
  note: string;
  copyToSender: boolean;
}

/** Characters as the server counts them (code points), not UTF-16 units. */
const length = (s: string) => [...s].length;

export function validateEmail(values: EmailValues): Partial<Record<keyof EmailValues, string>> {
  const errors: Partial<Record<keyof EmailValues, string>> = {};
  if (values.recipients === 'parts' && values.voicePartIds.length === 0) errors.voicePartIds = CHOOSE_A_PART;
  if (length(values.note) > NOTE_MAX) errors.note = NOTE_TOO_LONG;
  return errors;
}

export interface EmailChoirModalProps {
  choirId: string;
  target: EmailTarget;
  /** 'Email event to choir' or 'Email practice link'. */
  title: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * EmailChoirModal sends an event or a practice link to the choir
 * (manage:communications): every active member or those of chosen voice
 * parts, with an optional note; each person gets their own links. The
 * sender gets a copy only when they tick 'Send me a copy'.
 */
export function EmailChoirModal({ opened, onClose, title, ...rest }: EmailChoirModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted afresh on each opening: an empty form every time. */}
      {opened && <EmailForm {...rest} title={title} onDone={onClose} />}
    </Modal>
  );
}

// The members feature's key for the same list: one cache entry for both.
const musicalRolesKey = (choirId: string) => ['choirs', choirId, 'musical-roles'] as const;

function EmailForm({ choirId, target, title, onDone }: Omit<EmailChoirModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const form = useForm<EmailValues>({
    initialValues: { recipients: 'all', voicePartIds: [], note: '', copyToSender: false },
    validate: validateEmail,
  });
  const parts = useQuery({
    queryKey: musicalRolesKey(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/musical-roles', { params: { path: { choirId } } })),
  });
  const [failure, setFailure] = useState<string | null>(null);
  // The modal says what went wrong in its own words, so no toast of the submission's own.
  const send = useSubmission({
    mutationFn: async (body: ChoirEmailRequest) =>
      'eventId' in target
        ? unwrap(
            await api.POST('/choirs/{choirId}/events/{eventId}/email', {
              params: { path: { choirId, eventId: target.eventId } },
              body,
            }),
          )
        : unwrap(
            await api.POST('/choirs/{choirId}/music/{musicId}/email', {
              params: { path: { choirId, musicId: target.musicId } },
              body,
            }),
          ),
  });

  async function onSubmit(values: EmailValues) {
    setFailure(null);
    const body: ChoirEmailRequest = { note: values.note.trim(), copyToSender: values.copyToSender };
    if (values.recipients === 'parts') body.voicePartIds = values.voicePartIds;
    try {
      await send.submit(body, {
        onSuccess: (sent) => {
          notify.success(emailSentMessage(sent.recipients, sent.copyToSender));
          onDone();
        },
        onError: (err) => {
          if (!showServerErrors(form, err)) setFailure(normaliseError(err).message);
        },
      });
    } catch {
      // onError has shown why.
    }
  }

  const noteLength = length(form.values.note);
  return (
    <form
      onSubmit={(e) => {
        // A portal's events bubble through React to the page's own form (a plan's, say): this submit is the dialog's alone.
        e.stopPropagation();
        form.onSubmit(onSubmit)(e);
      }}
      noValidate
      aria-label={title}
    >
      <Stack gap="md">
        <Radio.Group label="Recipients" {...form.getInputProps('recipients')}>
          <Stack gap="xs" mt="xs">
            <Radio value="all" label="All active members" />
            <Radio value="parts" label="Chosen voice parts" />
          </Stack>
        </Radio.Group>
        {form.values.recipients === 'parts' && (
          <>
            {parts.isPending && <Skeleton h={60} aria-hidden />}
            {parts.isError && <RetryAlert onRetry={() => void parts.refetch()}>The voice parts could not be loaded.</RetryAlert>}
            {parts.data && parts.data.length === 0 && <Text size="sm">This choir has no voice parts yet.</Text>}
            {parts.data && parts.data.length > 0 && (
              <Checkbox.Group label="Voice parts" {...form.getInputProps('voicePartIds')}>
                <Stack gap="xs" mt="xs">
                  {parts.data.map((p) => (
                    <Checkbox key={p.id} value={p.id} label={p.name} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            {parts.data?.length === 0 && form.errors.voicePartIds && (
              <Text size="sm" c="red" role="alert">
                {form.errors.voicePartIds}
              </Text>
            )}
          </>
        )}
        <Textarea
          label="Note (optional)"
          rows={4}
          description={`${noteLength} / ${NOTE_MAX} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('note')}
        />
        <Checkbox label="Send me a copy" {...form.getInputProps('copyToSender', { type: 'checkbox' })} />
        {failure && (
          <ErrorAlert role="alert" title="The email was not sent">
            {failure}
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={send.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={send.submitting}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
