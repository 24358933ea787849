import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDots, IconMicrophone2, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { roleLabel } from '../../app/permissions';
import { ConfirmModal } from '../../components/ConfirmModal';
import {
  MEMBERSHIP_ROLES,
  useRemoveMember,
  useSetMemberVoiceParts,
  useUpdateMember,
  type ChoirMember,
  type MembershipRole,
  type MusicalRole,
} from './api';
import { fullName } from './filters';

export const ROLE_OPTIONS = MEMBERSHIP_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/**
 * useMemberActions runs one administrator action on a member at a time.
 * A failure shows the server's message (such as the last-administrator
 * refusal) or the members context message; the mutations read the directory
 * again either way, so it shows what the server kept. Each action resolves
 * to whether it was made.
 */
export function useMemberActions(choirId: string) {
  const update = useUpdateMember(choirId);
  const setVoiceParts = useSetMemberVoiceParts(choirId);
  const removal = useRemoveMember(choirId);
  const busyId =
    [update, setVoiceParts, removal].find((mutation) => mutation.isPending)?.variables?.userId ?? null;

  async function run(change: (callbacks: ActionCallbacks) => Promise<unknown>, success: string): Promise<boolean> {
    if (busyId) return false;
    let made = false;
    try {
      await change({
        onSuccess: () => {
          made = true;
          notify.success(success);
        },
        onError: (err) => reportFailure(err, ERROR_CONTEXT_MESSAGES.members.update),
      });
    } catch {
      // onError has shown why.
    }
    return made;
  }

  return {
    busyId,
    changeRole: (member: ChoirMember, role: MembershipRole) =>
      run(
        (callbacks) => update.submit({ userId: member.userId, body: { role } }, callbacks),
        `${fullName(member)} is now ${roleLabel(role)}`,
      ),
    setActive: (member: ChoirMember, isActive: boolean) =>
      run(
        (callbacks) => update.submit({ userId: member.userId, body: { isActive } }, callbacks),
        `${fullName(member)} ${isActive ? 'reactivated' : 'deactivated'}`,
      ),
    setVoiceParts: (member: ChoirMember, musicalRoleIds: string[]) =>
      run(
        (callbacks) => setVoiceParts.submit({ userId: member.userId, musicalRoleIds }, callbacks),
        `Voice parts saved for ${fullName(member)}`,
      ),
    remove: (member: ChoirMember) =>
      run((callbacks) => removal.submit({ userId: member.userId }, callbacks), `${fullName(member)} removed from the choir`),
  };
}

interface ActionCallbacks {
  onSuccess: () => void;
  onError: (err: unknown) => void;
}

export type MemberActions = ReturnType<typeof useMemberActions>;

/** RoleSelect changes a member's role; it shows the saved role until the server agrees. */
export function RoleSelect({ member, actions }: { member: ChoirMember; actions: MemberActions }) {
  return (
    <Select
      aria-label={`Role of ${fullName(member)}`}
      data={ROLE_OPTIONS}
      value={member.role}
      allowDeselect={false}
      disabled={actions.busyId !== null}
      onChange={(value) => {
        if (value && value !== member.role) void actions.changeRole(member, value as MembershipRole);
      }}
      w={{ base: '100%', sm: 190 }}
    />
  );
}

/**
 * MemberMenu holds the other administrator actions on one member: voice
 * parts, deactivation and removal (after a confirmation).
 */
export function MemberMenu({
  member,
  voiceParts,
  actions,
}: {
  member: ChoirMember;
  voiceParts: MusicalRole[];
  actions: MemberActions;
}) {
  const [dialog, setDialog] = useState<'parts' | 'remove' | null>(null);
  const name = fullName(member);
  const busy = actions.busyId === member.userId;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={`Actions for ${name}`} loading={busy}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconMicrophone2 size={16} aria-hidden />} onClick={() => setDialog('parts')}>
            Assign voice parts
          </Menu.Item>
          {member.isActive ? (
            <Menu.Item
              leftSection={<IconPlayerPause size={16} aria-hidden />}
              onClick={() => void actions.setActive(member, false)}
            >
              Deactivate
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => void actions.setActive(member, true)}
            >
              Reactivate
            </Menu.Item>
          )}
          <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog('remove')}>
            Remove
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <VoicePartsModal
        opened={dialog === 'parts'}
        member={member}
        voiceParts={voiceParts}
        busy={busy}
        onSave={async (ids) => {
          if (await actions.setVoiceParts(member, ids)) setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={dialog === 'remove'}
        title={`Remove ${name}?`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={async () => {
          if (await actions.remove(member)) setDialog(null);
        }}
        onClose={() => setDialog(null)}
      >
        {name} will no longer belong to the choir. To bring them back, invite them again.
      </ConfirmModal>
    </>
  );
}

function VoicePartsModal({
  opened,
  member,
  voiceParts,
  busy,
  onSave,
  onClose,
}: {
  opened: boolean;
  member: ChoirMember;
  voiceParts: MusicalRole[];
  busy: boolean;
  onSave: (ids: string[]) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Voice parts of ${fullName(member)}`} centered>
      {/* Mounted afresh on each opening, so the boxes start from the saved parts. */}
      {opened && <VoicePartsForm member={member} voiceParts={voiceParts} busy={busy} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function VoicePartsForm({
  member,
  voiceParts,
  busy,
  onSave,
  onClose,
}: {
  member: ChoirMember;
  voiceParts: MusicalRole[];
  busy: boolean;
  onSave: (ids: string[]) => void;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { musicalRoleIds: member.musicalRoles.map((p) => p.id) } });
  return (
    <form onSubmit={form.onSubmit(({ musicalRoleIds }) => onSave(musicalRoleIds))}>
      <Stack gap="md">
        {voiceParts.length === 0 ? (
          <Text>The choir has no voice parts yet. Add them under Musical Roles in the settings.</Text>
        ) : (
          <Checkbox.Group label="Voice parts" {...form.getInputProps('musicalRoleIds')}>
            <Stack gap="xs" mt="xs">
              {voiceParts.map((part) => (
                <Checkbox key={part.id} value={part.id} label={part.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={voiceParts.length === 0}>
            Save voice parts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
