import {
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrors, HttpError } from '../../api/client';
import { reportFailure } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { SECTION_PADDING } from '../../app/theme';
import { ChooseTextFile } from '../../components/ChooseTextFile';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  useFeastImport,
  useFeastImportPreview,
  type CalendarType,
  type FeastImport,
  type FeastImportFormat,
  type FeastImportReport,
} from './api';
import { IMPORT_ACCEPT, IMPORT_FORMATS, importFormatOf, plural, STATUS_COLORS, STATUS_LABELS } from './format';

export const IMPORT_MESSAGES = {
  contentRequired: 'Paste the feasts to import, or choose a file',
  previewFailed: 'Unable to read the import. Please try again.',
  importFailed: 'Unable to import the feasts. Please try again.',
} as const;

const PLACEHOLDERS: Record<FeastImportFormat, string> = {
  csv: 'date,feast_key,name,rank,type\n2026-04-05,easter_sunday,Easter Sunday,I class,sunday',
  json: '[\n  {"date": "2026-04-05", "feast_key": "easter_sunday", "name": "Easter Sunday", "rank": "I class", "type": "sunday"}\n]',
  ics: 'BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:20260405\nSUMMARY:Easter Sunday\nX-CANTICA-FEAST-KEY:easter_sunday\nX-CANTICA-RANK:I class\nEND:VEVENT\nEND:VCALENDAR',
};

/** What a preview was made from: a change to any of it makes the preview stale. */
interface Previewed {
  calendarType: string;
  body: FeastImport;
  report: FeastImportReport;
}

/** A refused import: the server's message and, where it gave them, the rows at fault. */
interface Refusal {
  message: string;
  details: [string, string][];
}

/** reportCounts: '3 new, 1 changed, 5 unchanged, 0 invalid'. */
export function reportCounts(report: Pick<FeastImportReport, 'new' | 'changed' | 'unchanged' | 'invalid'>): string {
  return `${report.new} new, ${report.changed} changed, ${report.unchanged} unchanged, ${report.invalid} invalid`;
}

/** importedMessage is the success toast of a committed import. */
export function importedMessage(calendarName: string, report: Pick<FeastImportReport, 'new' | 'changed'>): string {
  return `Imported into ${calendarName}: ${report.new} new, ${report.changed} changed`;
}

/**
 * ImportFeastsSection imports feast instances into a calendar type from CSV,
 * JSON or ICS: pasted or read from a file, previewed row by row, then
 * committed all or nothing.
 */
export function ImportFeastsSection({ calendarType }: { calendarType: CalendarType }) {
  const previewing = useFeastImportPreview();
  const importing = useFeastImport();
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<FeastImport>({
    initialValues: { format: 'csv', content: '' },
    validate: { content: (content) => (content.trim() ? null : IMPORT_MESSAGES.contentRequired) },
    // What the server said about the format or the feasts, or about the
    // last import, is about what they were: any change makes it stale.
    onValuesChange: () => {
      form.clearErrors();
      setRefusal(null);
    },
  });
  const { format, content } = form.getValues();
  const busy = previewing.submitting ? 'preview' : importing.submitting ? 'import' : null;

  const stale =
    previewed !== null &&
    (previewed.calendarType !== calendarType.key ||
      previewed.body.format !== format ||
      previewed.body.content !== content);
  const report = previewed?.report ?? null;
  const canImport = !!report && !stale && report.invalid === 0;

  async function preview(body: FeastImport) {
    const key = calendarType.key;
    setRefusal(null);
    try {
      await previewing.submit(
        { calendarType: key, body },
        {
          onSuccess: (found) => setPreviewed({ calendarType: key, body, report: found }),
          onError: (err) => {
            setPreviewed(null);
            const fields = fieldErrors(err);
            if (fields.format || fields.content) showServerErrors(form, err);
            else if (err instanceof HttpError && err.status === 400) form.setFieldError('content', err.message);
            else reportFailure(err, IMPORT_MESSAGES.previewFailed);
          },
        },
      );
    } catch {
      // Said above.
    }
  }

  async function commit() {
    if (!previewed || !canImport) return;
    const { calendarType: key, body } = previewed;
    setRefusal(null);
    try {
      await importing.submit(
        { calendarType: key, body },
        {
          onSuccess: (done) => {
            notify.success(importedMessage(calendarType.name, done));
            setPreviewed(null);
          },
          onError: (err) => {
            if (err instanceof HttpError && err.status === 400) {
              // Refused as a whole (say, the stored feasts changed since the preview): nothing was imported.
              setPreviewed(null);
              setRefusal({ message: err.message, details: Object.entries(fieldErrors(err)) });
            } else {
              reportFailure(err, IMPORT_MESSAGES.importFailed);
            }
          },
        },
      );
    } catch {
      // Said above.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="import-feasts-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="import-feasts-heading">
          Import feasts
        </Title>
        <FormatNote format={format} />
        <Select
          label="Format"
          data={IMPORT_FORMATS.map((f) => ({ ...f }))}
          allowDeselect={false}
          style={{ maxWidth: 200 }}
          {...form.getInputProps('format')}
        />
        <Textarea
          label="Feasts"
          placeholder={PLACEHOLDERS[format]}
          rows={10}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('content')}
        />
        <Group justify="space-between" gap="sm">
          <ChooseTextFile
            accept={IMPORT_ACCEPT}
            inputLabel="Feast file"
            disabled={busy !== null}
            onRead={(text, file) => form.setValues({ content: text, format: importFormatOf(file.name) ?? format })}
            onError={(message) => form.setFieldError('content', message)}
          >
            Choose a .csv, .json or .ics file
          </ChooseTextFile>
          {/* Previewing submits the fields; they sit in no <form>, since Import below acts on the preview, not on them. */}
          <Button onClick={() => form.onSubmit(preview)()} loading={busy === 'preview'} disabled={busy === 'import'}>
            Preview
          </Button>
        </Group>
        {refusal && (
          <ErrorAlert title="Nothing was imported" role="alert">
            <Stack gap={4}>
              <Text size="sm">{refusal.message}</Text>
              {refusal.details.length > 0 && (
                <List size="sm">
                  {refusal.details.map(([where, reason]) => (
                    <List.Item key={where}>
                      {where}: {reason}
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </ErrorAlert>
        )}
        {previewed && report && (
          <PreviewReport
            report={report}
            stale={stale}
            canImport={canImport}
            importing={busy === 'import'}
            disabled={busy === 'preview'}
            onImport={() => void commit()}
          />
        )}
      </Stack>
    </Paper>
  );
}

function FormatNote({ format }: { format: FeastImportFormat }) {
  return (
    <Stack gap={4}>
      {format === 'csv' && (
        <Text size="sm">
          A header row naming the columns <Code>date</Code>, <Code>feast_key</Code>, <Code>name</Code>,{' '}
          <Code>rank</Code> and optionally <Code>type</Code> (in any order), then one feast a line: what{' '}
          <Code>cantica liturgy --format csv</Code> prints.
        </Text>
      )}
      {format === 'json' && (
        <Text size="sm">
          An array of objects with <Code>date</Code>, <Code>feast_key</Code>, <Code>name</Code>, <Code>rank</Code> and
          optionally <Code>type</Code>: what <Code>cantica liturgy --format json</Code> prints.
        </Text>
      )}
      {format === 'ics' && (
        <Text size="sm">
          All-day events: <Code>SUMMARY</Code> is the name, <Code>X-CANTICA-FEAST-KEY</Code> and{' '}
          <Code>X-CANTICA-RANK</Code> give the key and rank. Without them the key is made from the name and the rank
          stays as it was.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Dates are YYYY-MM-DD, from 1900 to 2200; keys are snake_case. At most 5000 feasts a file. Imported feasts
        replace the computed ones for the same feast and year. Preview first: nothing changes until you import.
      </Text>
    </Stack>
  );
}

function PreviewReport({
  report,
  stale,
  canImport,
  importing,
  disabled,
  onImport,
}: {
  report: FeastImportReport;
  stale: boolean;
  canImport: boolean;
  importing: boolean;
  disabled: boolean;
  onImport: () => void;
}) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Preview
      </Title>
      <Text fw={600} role="status">
        {reportCounts(report)}
      </Text>
      {stale ? (
        <Text size="sm" c="red.9">
          The calendar type, format or feasts changed since this preview. Preview again before importing.
        </Text>
      ) : report.invalid > 0 ? (
        <Text size="sm" c="red.9">
          {plural(report.invalid, 'row is', 'rows are')} invalid. Correct {report.invalid === 1 ? 'it' : 'them'} and
          preview again: an import with any invalid row imports nothing.
        </Text>
      ) : null}
      <Group>
        <Button onClick={onImport} disabled={!canImport || disabled} loading={importing}>
          Import
        </Button>
      </Group>
      <ScrollArea.Autosize mah={480} type="auto">
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Import preview" verticalSpacing="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((row, index) => (
                <Table.Tr key={`${row.line}-${index}`}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.feastKey}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
                  <Table.Td>{row.rank}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status]} variant="outline">
                      {STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ScrollArea.Autosize>
    </Stack>
  );
}
