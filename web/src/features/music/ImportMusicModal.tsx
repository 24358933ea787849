import { Badge, Button, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { fieldErrors } from '../../api/client';
import { reportFailure } from '../../app/errors';
import { ChooseTextFile } from '../../components/ChooseTextFile';
import { ErrorAlert } from '../../components/ErrorAlert';
import {
  useImportMusic,
  usePreviewMusicImport,
  type ComposerChoice,
  type MusicImportComposer,
  type MusicImportPreview,
  type MusicImportResult,
} from './api';
import { MOBILE_QUERY } from '../../components/phone';

export const CSV_REQUIRED = 'Paste the library to import, or choose a .csv file';
const IMPORT_FAILED = 'The library could not be imported. Please check the file and try again.';

/** The choice meaning "add this composer as someone new". */
export const NEW_COMPOSER = 'new';

export interface ImportMusicModalProps {
  choirId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * ImportMusicModal brings a library in from CSV (edit:music): choose a file
 * or paste it, see every row's outcome and the composers as the library
 * recognises them, confirm those it is unsure of, then import all or
 * nothing.
 */
export function ImportMusicModal({ choirId, opened, onClose }: ImportMusicModalProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  return (
    <Modal opened={opened} onClose={onClose} title="Import music from CSV" size="xl" fullScreen={isMobile} centered>
      {opened && <ImportFlow choirId={choirId} onClose={onClose} />}
    </Modal>
  );
}

/** A composer as typed in the file, with the rows that name it. */
interface DistinctComposer {
  input: string;
  lines: number[];
  found: MusicImportComposer;
}

function distinctComposers(preview: MusicImportPreview): DistinctComposer[] {
  const byName = new Map<string, DistinctComposer>();
  for (const row of preview.rows) {
    if (!row.composer || !row.composer.input.trim() || row.outcome === 'error') continue;
    const entry = byName.get(row.composer.input);
    if (entry) entry.lines.push(row.line);
    else byName.set(row.composer.input, { input: row.composer.input, lines: [row.line], found: row.composer });
  }
  return [...byName.values()];
}

/** The choice made for a composer before the person says anything: only sure matches and new names. */
function defaultChoice(found: MusicImportComposer): string | null {
  if (found.recommendation === 'auto_match' && found.match) return found.match.id;
  if (found.recommendation === 'create_new') return NEW_COMPOSER;
  return null;
}

function ImportFlow({ choirId, onClose }: { choirId: string; onClose: () => void }) {
  const preview = usePreviewMusicImport(choirId);
  const importMusic = useImportMusic(choirId);
  const [csv, setCsv] = useState('');
  const [csvError, setCsvError] = useState<string | null>(null);
  const [shown, setShown] = useState<MusicImportPreview | null>(null);
  const [choices, setChoices] = useState<Record<string, string | null>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [result, setResult] = useState<MusicImportResult | null>(null);

  async function showPreview() {
    if (!csv.trim()) {
      setCsvError(CSV_REQUIRED);
      return;
    }
    try {
      await preview.submit(
        { csv },
        {
          onSuccess: (answer) => {
            setShown(answer);
            setRefused({});
            setChoices(Object.fromEntries(distinctComposers(answer).map((c) => [c.input, defaultChoice(c.found)])));
          },
          onError: (err) => {
            const details = fieldErrors(err);
            if (details.csv) setCsvError(details.csv);
            else reportFailure(err, IMPORT_FAILED);
          },
        },
      );
    } catch {
      // Shown above.
    }
  }

  const composers = shown ? distinctComposers(shown) : [];
  const undecided = composers.filter((c) => !choices[c.input]);

  async function runImport() {
    const composerChoices: ComposerChoice[] = composers.flatMap((c) =>
      c.lines.map((line) => ({ line, composerId: choices[c.input] ?? NEW_COMPOSER })),
    );
    try {
      await importMusic.submit(
        { csv, composerChoices },
        {
          onSuccess: setResult,
          onError: (err) => {
            const details = fieldErrors(err);
            if (Object.keys(details).length > 0) setRefused(details);
            else reportFailure(err, IMPORT_FAILED);
          },
        },
      );
    } catch {
      // Shown above.
    }
  }

  if (result) {
    return (
      <Stack gap="md">
        <Text role="status" fw={600}>
          {result.created} {result.created === 1 ? 'piece' : 'pieces'} imported, {result.composersCreated} new{' '}
          {result.composersCreated === 1 ? 'composer' : 'composers'}.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  if (shown) {
    return (
      <Stack gap="md">
        <Text role="status" fw={600}>
          {shown.valid} {shown.valid === 1 ? 'row' : 'rows'} ready to import, {shown.invalid}{' '}
          {shown.invalid === 1 ? 'row' : 'rows'} with errors
        </Text>
        {shown.invalid > 0 && (
          <ErrorAlert title="Nothing is imported while any row has an error">
            Correct the rows marked Error in the file, then preview it again.
          </ErrorAlert>
        )}
        {Object.keys(refused).length > 0 && (
          <ErrorAlert title="The library was not imported" role="alert">
            {Object.entries(refused)
              .map(([where, message]) => `${where}: ${message}`)
              .join('; ')}
          </ErrorAlert>
        )}
        {composers.length > 0 && (
          <Stack gap="xs">
            <Text fw={600}>Composers</Text>
            {composers.map((c) => (
              <ComposerChoiceField
                key={c.input}
                composer={c}
                value={choices[c.input] ?? null}
                onChange={(value) => setChoices((all) => ({ ...all, [c.input]: value }))}
              />
            ))}
          </Stack>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Import preview" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Composer</Table.Th>
                <Table.Th>Outcome</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.title}</Table.Td>
                  <Table.Td>{row.number}</Table.Td>
                  <Table.Td>{row.composer?.input}</Table.Td>
                  <Table.Td>
                    {row.outcome === 'error' ? (
                      <Stack gap={2}>
                        <Badge color="red.9" variant="outline">
                          Error
                        </Badge>
                        <Text size="sm">{row.message}</Text>
                      </Stack>
                    ) : (
                      <Badge color="teal.9" variant="outline">
                        Ready
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {undecided.length > 0 && shown.invalid === 0 && (
          <Text size="sm">Choose who each composer marked &quot;Choose&quot; is before importing.</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setShown(null)} disabled={importMusic.submitting}>
            Back
          </Button>
          <Button
            onClick={() => void runImport()}
            loading={importMusic.submitting}
            disabled={shown.invalid > 0 || shown.valid === 0 || undecided.length > 0}
          >
            Import {shown.valid} {shown.valid === 1 ? 'piece' : 'pieces'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        A header row names the columns: title (required), number, subtitle, composer, arranger, lyricist, type,
        category, voicing, tags (separated by ;), language, duration_minutes, year_composed, rehearsal_weighting,
        min_interval_weeks, catalog_number, source_publication, copyright_info, notes. Commas, semicolons or tabs
        separate the columns; at most 5,000 rows. The export has the same columns.
      </Text>
      <Textarea
        label="CSV"
        rows={8}
        value={csv}
        onChange={(e) => {
          setCsv(e.currentTarget.value);
          setCsvError(null);
        }}
        error={csvError}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group justify="space-between" gap="sm">
        <ChooseTextFile
          accept=".csv,text/csv,text/plain"
          inputLabel="CSV file"
          onRead={(text) => {
            setCsv(text);
            setCsvError(null);
          }}
          onError={setCsvError}
        >
          Choose .csv file
        </ChooseTextFile>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={preview.submitting}>
            Cancel
          </Button>
          <Button onClick={() => void showPreview()} loading={preview.submitting}>
            Preview
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

interface ComposerChoiceFieldProps {
  composer: DistinctComposer;
  value: string | null;
  onChange: (value: string | null) => void;
}

/** ComposerChoiceField says what the library recognised in a composer's name and lets the person decide. */
function ComposerChoiceField({ composer, value, onChange }: ComposerChoiceFieldProps) {
  const { found, input, lines } = composer;
  const candidates = found.candidates?.map((c) => c.composer) ?? (found.match ? [found.match] : []);
  const data = [
    ...candidates.map((c) => ({ value: c.id, label: `${c.name} (in your library)` })),
    { value: NEW_COMPOSER, label: `A new composer: ${input}` },
  ];
  const best = candidates[0];
  const description =
    found.recommendation === 'auto_match' && found.match
      ? `Matched to ${found.match.name}.`
      : found.recommendation === 'confirm_match' && best
        ? `${best.name} — same composer?`
        : found.recommendation === 'manual_select'
          ? 'Several composers in your library could be this one. Choose.'
          : 'A new composer will be added.';
  return (
    <Select
      label={`${input} (${lines.length === 1 ? `line ${lines[0]}` : `${lines.length} rows`})`}
      description={description}
      data={data}
      value={value}
      onChange={onChange}
      placeholder="Choose"
      allowDeselect={false}
    />
  );
}
