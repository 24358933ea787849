import { Badge, Box, Button, Checkbox, Group, NumberInput, Radio, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDate } from '../../components/format';
import { showServerErrors } from '../../app/forms';
import { RetryAlert } from '../../components/ErrorAlert';
import { useRules, useSaveRules, useStanding, type AttendanceRules, type AttendanceRulesView } from './api';
import { EVENT_TYPE_LABELS, STANDING_COLORS, STANDING_LABELS, latesRule, periodPhrase } from './standing';

// The server's rules, in its words (internal/policies).
export const MAX_ABSENCES_RANGE = 'Enter a number from 0 to 100, or leave it empty for no limit';
export const CHOOSE_A_CONCERT = 'Choose a concert';
export const LATES_RANGE = 'Enter a number from 1 to 10, or leave it empty if lateness does not count';

export interface RulesValues {
  /** '' for no limit. */
  maxAbsences: number | string;
  period: 'season' | 'concert';
  concertId: string | null;
  mandatoryTypes: string[];
  /** '' when lateness does not count. */
  latesPerAbsence: number | string;
}

export function validateRules(values: RulesValues): Partial<Record<keyof RulesValues, string>> {
  const errors: Partial<Record<keyof RulesValues, string>> = {};
  const max = values.maxAbsences;
  if (max !== '' && (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > 100)) errors.maxAbsences = MAX_ABSENCES_RANGE;
  const lates = values.latesPerAbsence;
  if (lates !== '' && (typeof lates !== 'number' || !Number.isInteger(lates) || lates < 1 || lates > 10)) errors.latesPerAbsence = LATES_RANGE;
  if (values.period === 'concert' && !values.concertId) errors.concertId = CHOOSE_A_CONCERT;
  return errors;
}

export function toRules(values: RulesValues): AttendanceRules {
  return {
    maxAbsences: values.maxAbsences === '' ? null : Number(values.maxAbsences),
    period: values.period,
    concertId: values.period === 'concert' ? values.concertId : null,
    mandatoryTypes: values.mandatoryTypes,
    latesPerAbsence: values.latesPerAbsence === '' ? null : Number(values.latesPerAbsence),
  };
}

/** AttendanceRulesSection lets a director set the optional rules the software checks. */
export function AttendanceRulesSection({ choirId }: { choirId: string }) {
  const rules = useRules(choirId);
  return (
    <section aria-labelledby="attendance-rules">
      <Title order={2} size="h3" id="attendance-rules" mb={4}>
        Attendance rules
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        Optional. Cantica counts unexcused absences from the attendance you take and shows each member where they stand; nothing
        happens automatically.
      </Text>
      {rules.isPending && <Skeleton h={200} role="status" aria-label="Loading the attendance rules" />}
      {rules.isError && <RetryAlert onRetry={() => void rules.refetch()}>The attendance rules could not be loaded.</RetryAlert>}
      {rules.data && <RulesForm choirId={choirId} view={rules.data} />}
    </section>
  );
}

function RulesForm({ choirId, view }: { choirId: string; view: AttendanceRulesView }) {
  const save = useSaveRules(choirId);
  const form = useForm<RulesValues>({
    initialValues: {
      maxAbsences: view.rules.maxAbsences ?? '',
      period: view.rules.period,
      concertId: view.rules.concertId ?? null,
      mandatoryTypes: view.rules.mandatoryTypes,
      latesPerAbsence: view.rules.latesPerAbsence ?? '',
    },
    validate: validateRules,
  });
  return (
    <form
      noValidate
      aria-label="Attendance rules"
      onSubmit={form.onSubmit((values) => {
        void save.submit(toRules(values), { onError: (err) => void showServerErrors(form, err) }).catch(() => undefined);
      })}
    >
      <Stack gap="md" maw={560}>
        <NumberInput
          label="Most unexcused absences allowed"
          description="Leave empty for no limit. Excused absences never count."
          min={0}
          max={100}
          allowDecimal={false}
          {...form.getInputProps('maxAbsences')}
        />
        <NumberInput
          label="Lates that count as one absence"
          description="Leave empty if lateness does not count. Mark a member late when you take attendance; late members count as present in the figures."
          min={1}
          max={10}
          allowDecimal={false}
          {...form.getInputProps('latesPerAbsence')}
        />
        <Radio.Group label="Count absences over" {...form.getInputProps('period')}>
          <Stack gap="xs" mt="xs">
            <Radio value="season" label="The season (1 September to 31 August)" />
            <Radio value="concert" label="The run-up to a concert" />
          </Stack>
        </Radio.Group>
        {form.values.period === 'concert' && (
          <Select
            label="Concert"
            placeholder={view.concerts.length ? 'Choose a concert' : 'No concert in the calendar for the next twelve months'}
            data={view.concerts.map((c) => ({ value: c.id, label: `${c.title} (${formatDate(c.date)})` }))}
            {...form.getInputProps('concertId')}
          />
        )}
        <Checkbox.Group
          label="Events that may not be missed"
          description="Missing one without an excuse means the member does not meet the rules."
          {...form.getInputProps('mandatoryTypes')}
        >
          <Group gap="md" mt="xs">
            {Object.entries(EVENT_TYPE_LABELS).map(([value, label]) => (
              <Checkbox key={value} value={value} label={label} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={save.submitting}>
            Save rules
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** StandingSection is the director's table of every member's standing against the rules. */
export function StandingSection({ choirId }: { choirId: string }) {
  const standing = useStanding(choirId);
  // The Lates column is there only while the rules count lateness.
  const lateness = standing.data?.rules?.latesPerAbsence ?? null;
  return (
    <section aria-labelledby="attendance-standing">
      <Title order={2} size="h3" id="attendance-standing" mb="sm">
        Members’ standing
      </Title>
      {standing.isPending && <Skeleton h={160} role="status" aria-label="Loading the members’ standing" />}
      {standing.isError && <RetryAlert onRetry={() => void standing.refetch()}>The members’ standing could not be loaded.</RetryAlert>}
      {standing.data && !standing.data.configured && <Text c="dimmed">Set a limit or events that may not be missed to see where members stand.</Text>}
      {standing.data?.configured && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {`Unexcused absences ${periodPhrase(standing.data.period?.concertTitle)}`}
            {standing.data.period && ` (${formatDate(standing.data.period.from)} to ${formatDate(standing.data.period.to)})`}
            {standing.data.rules?.maxAbsences != null && `; at most ${standing.data.rules.maxAbsences} allowed`}
            {lateness != null && `; ${latesRule(lateness)}`}.
          </Text>
          {/* On a phone the table scrolls sideways; keyboard users can scroll it too. */}
          <Box role="region" aria-label="Members' standing, scrolls sideways" tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped withTableBorder miw={360}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Member</Table.Th>
                  <Table.Th scope="col">Unexcused absences</Table.Th>
                  {lateness != null && <Table.Th scope="col">Lates</Table.Th>}
                  <Table.Th scope="col">Must-attend events missed</Table.Th>
                  <Table.Th scope="col">Standing</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {standing.data.members.map((m) => (
                  <Table.Tr key={m.userId}>
                    <Table.Th scope="row">{m.name}</Table.Th>
                    <Table.Td>{m.absences}</Table.Td>
                    {lateness != null && <Table.Td>{m.lates}</Table.Td>}
                    <Table.Td>{m.missedMandatory}</Table.Td>
                    <Table.Td>
                      <Badge color={STANDING_COLORS[m.standing]} variant="filled" autoContrast>
                        {STANDING_LABELS[m.standing]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Stack>
      )}
    </section>
  );
}
