import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useChoir } from '../../app/choir';
import { ConfirmModal } from '../../components/ConfirmModal';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { SectionError } from '../../components/SectionState';
import { AttendanceRulesSection, StandingSection } from './AttendanceRules';
import { useDeletePolicy, usePolicies, useSavePolicy, type Policy } from './api';
import { PolicyFormModal } from './PolicyForm';
import { AcknowledgementsModal, PolicyHtml, VersionsModal, acknowledgedLabel } from './PolicyModals';

/**
 * PoliciesPage (/dashboard/policies, manage:choir): the director writes the
 * choir's policies (each save a new version), sees how many members have
 * acknowledged each and reminds the others, and sets the optional
 * attendance rules with every member's standing against them.
 */
export function PoliciesPage() {
  const { currentChoir, loading } = useChoir();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  const list = usePolicies(choirId);
  const save = useSavePolicy(choirId ?? '');
  const remove = useDeletePolicy(choirId ?? '');
  const [editing, setEditing] = useState<Policy | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [acksOf, setAcksOf] = useState<Policy | null>(null);
  const [versionsOf, setVersionsOf] = useState<Policy | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const open = (p: Policy | null) => {
    setEditing(p);
    setFormOpen(true);
  };

  return (
    <Stack gap="xl" maw={960}>
      <PageHeader title="Policies" actions={<Button onClick={() => open(null)}>New policy</Button>} />
      <section aria-labelledby="choir-policies">
        <Title order={2} size="h3" id="choir-policies" mb={4}>
          Choir policies
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          Members read and acknowledge each policy from their dashboard when they join, and again after a material change.
        </Text>
        <Stack gap="md">
          {list.isPending && <Skeleton h={160} role="status" aria-label="Loading the policies" />}
          {list.isError && <SectionError title="The policies could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
          {list.data?.policies.length === 0 && <Text>No policies yet. Write the first one, for example on attendance or concert dress.</Text>}
          {list.data?.policies.map((p) => (
            <PolicyCard
              key={p.id}
              policy={p}
              onAcknowledgements={() => setAcksOf(p)}
              onVersions={() => setVersionsOf(p)}
              onEdit={() => open(p)}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </Stack>
      </section>
      {choirId && (
        <>
          <AttendanceRulesSection choirId={choirId} />
          <StandingSection choirId={choirId} />
          <PolicyFormModal opened={formOpen} onClose={() => setFormOpen(false)} editing={editing} save={save} />
          <AcknowledgementsModal choirId={choirId} policy={acksOf} onClose={() => setAcksOf(null)} />
          <VersionsModal choirId={choirId} policy={versionsOf} onClose={() => setVersionsOf(null)} />
        </>
      )}
      <ConfirmModal
        opened={!!deleting}
        title="Delete policy"
        confirmLabel="Delete"
        busy={remove.submitting}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove
            .submit(deleting.id)
            .then(() => setDeleting(null))
            .catch(() => undefined);
        }}
      >
        {deleting && `“${deleting.title}” will be removed with all its versions and who has acknowledged it.`}
      </ConfirmModal>
    </Stack>
  );
}

interface PolicyCardProps {
  policy: Policy;
  onAcknowledgements: () => void;
  onVersions: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function PolicyCard({ policy: p, onAcknowledgements, onVersions, onEdit, onDelete }: PolicyCardProps) {
  const titleId = `policy-${p.id}`;
  const all = p.stats && p.stats.acknowledged === p.stats.members;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {p.title}
            </Title>
            <Text size="sm" c="dimmed">{`Version ${p.version} · updated ${formatDateTime(p.updatedAt)}`}</Text>
          </div>
          {p.stats && (
            <Badge color={all ? 'teal.9' : 'yellow.4'} variant="filled" autoContrast size="lg">
              {acknowledgedLabel(p.stats)}
            </Badge>
          )}
        </Group>
        <PolicyHtml html={p.bodyHtml} />
        <Group gap="xs">
          <Button variant="light" size="compact-sm" onClick={onAcknowledgements}>
            Who has acknowledged
          </Button>
          <Button variant="default" size="compact-sm" onClick={onVersions}>
            Versions
          </Button>
          <Button variant="default" size="compact-sm" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
