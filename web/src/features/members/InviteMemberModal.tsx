import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { emailError, NAME_MAX_LENGTH } from '../auth';
import { useCreateInvitation, useMusicalRoles, type MembershipRole } from './api';
import { ROLE_OPTIONS } from './MemberAdminControls';

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: MembershipRole;
  /** Ids of the choir's voice parts the membership gets on joining. */
  voiceParts: string[];
}

type InviteErrors = Partial<Record<keyof InviteValues, string>>;

const EMPTY: InviteValues = { firstName: '', lastName: '', email: '', role: 'member', voiceParts: [] };

/** Names are counted in characters (code points), as the server counts them. */
const nameLength = (s: string) => [...s].length;

/** validateInvite mirrors the server's rules for an invitation, with the registration wording (accounts §5). */
export function validateInvite(values: InviteValues): InviteErrors {
  const errors: InviteErrors = {};
  const firstName = values.firstName.trim();
  if (!firstName) errors.firstName = 'First name is required';
  else if (nameLength(firstName) > NAME_MAX_LENGTH) errors.firstName = 'First name is too long';
  const lastName = values.lastName.trim();
  if (!lastName) errors.lastName = 'Last name is required';
  else if (nameLength(lastName) > NAME_MAX_LENGTH) errors.lastName = 'Last name is too long';
  const email = emailError(values.email);
  if (email) errors.email = email;
  return errors;
}

export function invitationSentMessage(email: string): string {
  return `Invitation sent to ${email}`;
}

export interface InviteMemberModalProps {
  choirId: string;
  opened: boolean;
  onClose: () => void;
}

/** InviteMemberModal invites one person by email with a role (manage:members). */
export function InviteMemberModal({ choirId, opened, onClose }: InviteMemberModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite Member" centered>
      {/* Mounted afresh on each opening: an empty form every time. */}
      {opened && <InviteForm choirId={choirId} onDone={onClose} />}
    </Modal>
  );
}

function InviteForm({ choirId, onDone }: { choirId: string; onDone: () => void }) {
  const invite = useCreateInvitation(choirId);
  const parts = useMusicalRoles(choirId);
  const form = useForm<InviteValues>({ initialValues: EMPTY, validate: validateInvite });

  async function onSubmit(values: InviteValues) {
    const email = values.email.trim();
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email,
      role: values.role,
      musicalRoleIds: values.voiceParts,
    };
    try {
      await invite.submit(body, {
        onSuccess: () => {
          notify.success(invitationSentMessage(email));
          onDone();
        },
        // Field messages go under their fields; anything else (already invited, already a member) in a toast.
        onError: (err) => {
          if (!showServerErrors(form, err, { names: { musicalRoleIds: 'voiceParts' } })) reportFailure(err, ERROR_CONTEXT_MESSAGES.members.invite);
        },
      });
    } catch {
      // onError has shown why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Invite a member">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" required autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
        <MultiSelect
          label="Voice parts"
          description="Given when they join; you can change them later."
          placeholder={form.getValues().voiceParts.length ? undefined : 'Choose the parts they sing'}
          data={(parts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          disabled={!parts.data}
          clearable
          {...form.getInputProps('voiceParts')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={invite.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.submitting}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
