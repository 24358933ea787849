import {
  Anchor,
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { roleLabel } from '../../app/permissions';
import { linkColor } from '../../app/theme';
import { RetryAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { SectionLoading } from '../../components/SectionState';
import { useMembers, useMusicalRoles, type ChoirMember, type MembershipRole, type MusicalRole } from './api';
import { filterMembers, fullName, NO_FILTERS, NO_VOICE_PART, type MemberFilters } from './filters';
import { MemberMenu, ROLE_OPTIONS, RoleSelect, useMemberActions, type MemberActions } from './MemberAdminControls';
import { MOBILE_QUERY } from '../../components/phone';


export interface MemberDirectoryProps {
  choirId: string;
  /** manage:members: the administrator controls show. */
  canManage: boolean;
}

/** MemberDirectory lists the choir's members with a search and filters; administrators also manage them. */
export function MemberDirectory({ choirId, canManage }: MemberDirectoryProps) {
  const members = useMembers(choirId);
  const voiceParts = useMusicalRoles(choirId);
  const [filters, setFilters] = useState<MemberFilters>(NO_FILTERS);
  const shown = useMemo(() => filterMembers(members.data ?? [], filters), [members.data, filters]);
  const isMobile = useMediaQuery(MOBILE_QUERY);

  if (members.isPending) return <SectionLoading label="Loading members" />;
  if (members.isError) {
    return (
      <RetryAlert onRetry={() => void members.refetch()}>{ERROR_CONTEXT_MESSAGES.members.load}</RetryAlert>
    );
  }

  const parts = voiceParts.data ?? [];
  return (
    <Stack gap="md">
      <FilterBar filters={filters} voiceParts={parts} onChange={setFilters} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {shown.length === members.data.length
          ? `${members.data.length} ${members.data.length === 1 ? 'member' : 'members'}`
          : `Showing ${shown.length} of ${members.data.length} members`}
      </Text>
      {shown.length === 0 ? (
        <Text>{members.data.length === 0 ? 'The choir has no members yet.' : 'No members match your search.'}</Text>
      ) : (
        <DirectoryView members={shown} voiceParts={parts} choirId={choirId} canManage={canManage} cards={isMobile} />
      )}
    </Stack>
  );
}

function FilterBar({
  filters,
  voiceParts,
  onChange,
}: {
  filters: MemberFilters;
  voiceParts: MusicalRole[];
  onChange: (next: MemberFilters) => void;
}) {
  const partOptions = [
    ...voiceParts.map((part) => ({ value: part.id, label: part.name })),
    { value: NO_VOICE_PART, label: 'No voice part' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label="Search"
        placeholder="Name or email"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.currentTarget.value })}
      />
      <Select
        label="Voice part"
        placeholder="All voice parts"
        data={partOptions}
        value={filters.voicePart}
        clearable
        onChange={(value) => onChange({ ...filters, voicePart: value })}
      />
      <Select
        label="Role"
        placeholder="All roles"
        data={ROLE_OPTIONS}
        value={filters.role}
        clearable
        onChange={(value) => onChange({ ...filters, role: value as MembershipRole | null })}
      />
    </SimpleGrid>
  );
}

interface ViewProps {
  members: ChoirMember[];
  voiceParts: MusicalRole[];
  choirId: string;
  canManage: boolean;
  cards: boolean;
}

function DirectoryView({ members, voiceParts, choirId, canManage, cards }: ViewProps) {
  // One set of actions for the directory: one change at a time.
  const actions = useMemberActions(choirId);
  const admin = canManage ? { actions, voiceParts } : null;
  return cards ? <MemberCards members={members} admin={admin} /> : <MemberTable members={members} admin={admin} />;
}

type AdminProps = { actions: MemberActions; voiceParts: MusicalRole[] } | null;

function MemberTable({ members, admin }: { members: ChoirMember[]; admin: AdminProps }) {
  return (
    <Table.ScrollContainer minWidth={admin ? 960 : 760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Voice parts</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
            {admin && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.userId}>
              <Table.Td>
                <MemberName member={m} />
              </Table.Td>
              <Table.Td>
                <VoiceParts member={m} />
              </Table.Td>
              <Table.Td>
                <EmailLink member={m} />
              </Table.Td>
              <Table.Td>
                <PhoneLink member={m} />
              </Table.Td>
              <Table.Td>{admin ? <RoleSelect member={m} actions={admin.actions} /> : roleLabel(m.role)}</Table.Td>
              <Table.Td>{formatDate(m.joinedDate)}</Table.Td>
              {admin && (
                <Table.Td>
                  <MemberMenu member={m} voiceParts={admin.voiceParts} actions={admin.actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MemberCards({ members, admin }: { members: ChoirMember[]; admin: AdminProps }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
      {members.map((m) => (
        <Paper component="li" key={m.userId} withBorder p="sm" aria-label={fullName(m)}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <MemberName member={m} />
              {admin && <MemberMenu member={m} voiceParts={admin.voiceParts} actions={admin.actions} />}
            </Group>
            <Text size="sm">
              Voice parts: <VoiceParts member={m} />
            </Text>
            <EmailLink member={m} />
            <PhoneLink member={m} />
            {admin ? <RoleSelect member={m} actions={admin.actions} /> : <Text size="sm">{roleLabel(m.role)}</Text>}
            <Text size="sm" c="dimmed">
              Joined {formatDate(m.joinedDate)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function MemberName({ member }: { member: ChoirMember }) {
  return (
    <Group gap="xs" miw={0}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {fullName(member)}
      </Text>
      {!member.isActive && (
        <Badge color="gray" variant="outline">
          Inactive
        </Badge>
      )}
    </Group>
  );
}

function VoiceParts({ member }: { member: ChoirMember }) {
  if (member.musicalRoles.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return <span>{member.musicalRoles.map((p) => p.name).join(', ')}</span>;
}

function EmailLink({ member }: { member: ChoirMember }) {
  return (
    <Anchor href={`mailto:${member.email}`} size="sm" c={linkColor} style={{ overflowWrap: 'anywhere' }}>
      {member.email}
    </Anchor>
  );
}

/** PhoneLink: the server sends a number only to those who may see it. */
function PhoneLink({ member }: { member: ChoirMember }) {
  if (!member.phoneNumber) return null;
  return (
    <Anchor href={`tel:${member.phoneNumber.replace(/[^\d+]/g, '')}`} size="sm" c={linkColor}>
      {member.phoneNumber}
    </Anchor>
  );
}
