import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { fieldErrors } from '../../api/client';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { emailError, NAME_MAX_LENGTH } from '../auth';
import { createInvitation, memberKeys, type MembershipRole } from './api';
import { ROLE_OPTIONS } from './MemberAdminControls';

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: MembershipRole;
}

type InviteField = keyof InviteValues;
type InviteErrors = Partial<Record<InviteField, string>>;

const FIELDS: readonly InviteField[] = ['firstName', 'lastName', 'email', 'role'];
const EMPTY: InviteValues = { firstName: '', lastName: '', email: '', role: 'member' };

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
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InviteValues>(EMPTY);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [sending, setSending] = useState(false);
  const running = useRef(false);

  function change<K extends InviteField>(field: K, value: InviteValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (running.current) return;
    const found = validateInvite(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    running.current = true;
    setSending(true);
    const email = values.email.trim();
    try {
      await createInvitation(choirId, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        role: values.role,
      });
      notify.success(invitationSentMessage(email));
      void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(choirId) });
      onDone();
    } catch (err) {
      const server = fieldErrors(err);
      const known: InviteErrors = {};
      for (const field of FIELDS) if (server[field]) known[field] = server[field];
      // Field messages go under their fields; anything else (already invited, already a member) in a toast.
      if (Object.keys(known).length > 0) setErrors(known);
      else reportFailure(err, ERROR_CONTEXT_MESSAGES.members.invite);
    } finally {
      running.current = false;
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a member">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            required
            autoComplete="off"
            value={values.firstName}
            onChange={(e) => change('firstName', e.currentTarget.value)}
            error={errors.firstName}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="off"
            value={values.lastName}
            onChange={(e) => change('lastName', e.currentTarget.value)}
            error={errors.lastName}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={(e) => change('email', e.currentTarget.value)}
          error={errors.email}
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={values.role}
          allowDeselect={false}
          onChange={(value) => value && change('role', value as MembershipRole)}
          error={errors.role}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
