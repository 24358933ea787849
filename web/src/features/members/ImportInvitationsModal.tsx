import { Badge, Box, Button, Group, List, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { roleLabel } from '../../app/permissions';
import { ChooseTextFile } from '../../components/ChooseTextFile';
import {
  useImportInvitations,
  useMusicalRoles,
  usePreviewInvitationImport,
  type InvitationImportPreview,
  type InvitationImportPreviewRow,
  type InvitationImportResult,
  type InvitationImportRow,
} from './api';

export const CSV_REQUIRED = 'Paste the rows to import, or choose a .csv file';

const OUTCOME_LABELS: Record<InvitationImportRow['outcome'], string> = {
  invited: 'Invited',
  skipped: 'Skipped',
  error: 'Error',
};

const OUTCOME_COLORS: Record<InvitationImportRow['outcome'], string> = {
  invited: 'teal.9',
  skipped: 'gray.7',
  error: 'red.9',
};

const PREVIEW_LABELS: Record<InvitationImportPreviewRow['outcome'], string> = {
  invite: 'Ready',
  skip: 'Skipped',
  error: 'Problem',
};

const PREVIEW_COLORS: Record<InvitationImportPreviewRow['outcome'], string> = {
  invite: 'teal.9',
  skip: 'gray.7',
  error: 'red.9',
};

/** sendLabel is the confirming button's caption: how many invitations go out. */
export function sendLabel(ready: number): string {
  return ready === 1 ? 'Send 1 invitation' : `Send ${ready} invitations`;
}

/** previewSummary counts the previewed rows in words. */
export function previewSummary({ ready, skipped, failed }: InvitationImportPreview): string {
  const parts = [`${ready} ready to send`];
  if (failed > 0) parts.push(failed === 1 ? '1 row with a problem' : `${failed} rows with a problem`);
  if (skipped > 0) parts.push(`${skipped} skipped`);
  return parts.join(', ');
}

export interface ImportInvitationsModalProps {
  choirId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * ImportInvitationsModal invites many people at once from CSV rows
 * (manage:members): the rows are previewed first, and nothing is sent until
 * the preview is confirmed; confirming sends the very text previewed.
 */
export function ImportInvitationsModal({ choirId, opened, onClose }: ImportInvitationsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import CSV" size="xl" centered>
      {opened && <ImportForm choirId={choirId} onClose={onClose} />}
    </Modal>
  );
}

interface Previewed {
  csv: string;
  preview: InvitationImportPreview;
}

function ImportForm({ choirId, onClose }: { choirId: string; onClose: () => void }) {
  const previewRows = usePreviewInvitationImport(choirId);
  const importRows = useImportInvitations(choirId);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [result, setResult] = useState<InvitationImportResult | null>(null);
  const form = useForm({
    initialValues: { csv: '' },
    validate: { csv: (csv) => (csv.trim() ? null : CSV_REQUIRED) },
  });

  const refused = (err: unknown) => {
    if (!showServerErrors(form, err)) reportFailure(err, ERROR_CONTEXT_MESSAGES.members.invite);
  };

  async function onPreview({ csv }: { csv: string }) {
    try {
      await previewRows.submit(csv, {
        onSuccess: (preview) => setPreviewed({ csv, preview }),
        onError: refused,
      });
    } catch {
      // onError has shown why.
    }
  }

  async function onSend() {
    if (!previewed) return;
    try {
      await importRows.submit(previewed.csv, {
        onSuccess: (imported) => {
          setPreviewed(null);
          setResult(imported);
        },
        onError: refused,
      });
    } catch {
      // onError has shown why.
    }
  }

  if (result) {
    return (
      <Stack gap="md">
        <ImportResults result={result} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              setResult(null);
            }}
          >
            Import more
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  if (previewed) {
    const { ready } = previewed.preview;
    return (
      <Stack gap="md">
        <ImportPreview choirId={choirId} preview={previewed.preview} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setPreviewed(null)} disabled={importRows.submitting}>
            Back to edit
          </Button>
          <Button onClick={() => void onSend()} loading={importRows.submitting} disabled={ready === 0}>
            {sendLabel(ready)}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit(onPreview)} noValidate aria-label="Import invitations">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm">One person per line, with these columns in this order:</Text>
          <List size="sm" type="ordered" withPadding>
            <List.Item>first name</List.Item>
            <List.Item>last name</List.Item>
            <List.Item>email</List.Item>
            <List.Item>role: Member, Choir Administrator or Guest (empty means Member)</List.Item>
            <List.Item>voice parts: one or more of the choir&apos;s parts, separated by ; (for example Soprano;Alto)</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Commas, semicolons or tabs separate the columns. A header row (such as First name, Last name, Email,
            Role, Voice parts) may put them in any order. At most 500 rows. You will see every row before anything
            is sent.
          </Text>
        </Stack>
        <Textarea
          label="CSV rows"
          placeholder={'Ada,Lovelace,ada@example.com,Member,Soprano\nGrace,Hopper,grace@example.com,Guest,Alto'}
          rows={7}
          {...form.getInputProps('csv')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group justify="space-between" gap="sm">
          <ChooseTextFile
            accept=".csv,text/csv"
            inputLabel="CSV file"
            onRead={(text) => form.setFieldValue('csv', text)}
            onError={(message) => form.setFieldError('csv', message)}
          >
            Choose .csv file
          </ChooseTextFile>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={previewRows.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={previewRows.submitting}>
              Preview
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function ImportPreview({ choirId, preview }: { choirId: string; preview: InvitationImportPreview }) {
  const parts = useMusicalRoles(choirId);
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {previewSummary(preview)}
      </Text>
      <Text size="sm">
        Nothing has been sent yet.
        {preview.failed > 0 && ' Rows with a problem are not sent: go back to fix them, or send the others now.'}
      </Text>
      {parts.data && parts.data.length > 0 && (
        <Text size="sm" c="dimmed">
          This choir&apos;s voice parts: {parts.data.map((p) => p.name).join(', ')}
        </Text>
      )}
      <Scrolling label="Import preview rows">
        <Table aria-label="Import preview" verticalSpacing="xs" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Voice parts</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                <Table.Td>{row.role ? roleLabel(row.role) : ''}</Table.Td>
                <Table.Td>{row.musicalRoles.map((p) => p.name).join(', ')}</Table.Td>
                <Table.Td>
                  <Badge color={PREVIEW_COLORS[row.outcome]} variant="outline">
                    {PREVIEW_LABELS[row.outcome]}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Scrolling>
    </Stack>
  );
}

/**
 * Scrolling lets a wide table scroll sideways on a phone; the region takes
 * the keyboard focus, so that it can be scrolled without a pointer too.
 */
function Scrolling({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}

function ImportResults({ result }: { result: InvitationImportResult }) {
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {result.invited} invited, {result.skipped} skipped, {result.failed} failed
      </Text>
      {result.rows.length > 0 && (
        <Scrolling label="Import result rows">
          <Table aria-label="Import results" verticalSpacing="xs" miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge color={OUTCOME_COLORS[row.outcome]} variant="outline">
                      {OUTCOME_LABELS[row.outcome]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Scrolling>
      )}
    </Stack>
  );
}
