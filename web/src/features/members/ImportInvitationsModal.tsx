import { Badge, Button, Group, List, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { ChooseTextFile } from '../../components/ChooseTextFile';
import { useImportInvitations, type InvitationImportResult, type InvitationImportRow } from './api';

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

export interface ImportInvitationsModalProps {
  choirId: string;
  opened: boolean;
  onClose: () => void;
}

/** ImportInvitationsModal invites many people at once from CSV rows (manage:members). */
export function ImportInvitationsModal({ choirId, opened, onClose }: ImportInvitationsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import CSV" size="lg" centered>
      {opened && <ImportForm choirId={choirId} onClose={onClose} />}
    </Modal>
  );
}

function ImportForm({ choirId, onClose }: { choirId: string; onClose: () => void }) {
  const importRows = useImportInvitations(choirId);
  const [result, setResult] = useState<InvitationImportResult | null>(null);
  const form = useForm({
    initialValues: { csv: '' },
    validate: { csv: (csv) => (csv.trim() ? null : CSV_REQUIRED) },
  });

  async function onSubmit({ csv }: { csv: string }) {
    try {
      await importRows.submit(csv, {
        onSuccess: (imported) => setResult(imported),
        onError: (err) => {
          if (!showServerErrors(form, err)) reportFailure(err, ERROR_CONTEXT_MESSAGES.members.invite);
        },
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
          <Button variant="default" onClick={() => setResult(null)}>
            Import more
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Import invitations">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm">One person per line, with these columns in this order:</Text>
          <List size="sm" type="ordered" withPadding>
            <List.Item>first name</List.Item>
            <List.Item>last name</List.Item>
            <List.Item>email</List.Item>
            <List.Item>role: choir_admin, member or guest (empty means member)</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Commas, semicolons or tabs separate the columns. A header row is skipped. At most 500 rows. Each person
            gets an invitation email.
          </Text>
        </Stack>
        <Textarea
          label="CSV rows"
          placeholder={'Ada,Lovelace,ada@example.com,member\nGrace,Hopper,grace@example.com,guest'}
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
            <Button variant="default" onClick={onClose} disabled={importRows.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={importRows.submitting}>
              Import
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function ImportResults({ result }: { result: InvitationImportResult }) {
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {result.invited} invited, {result.skipped} skipped, {result.failed} failed
      </Text>
      {result.rows.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Import results" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
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
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
