import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { reportFailure } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import { SECTION_PADDING } from '../../app/theme';
import { useGenerateFeasts, type CalendarType } from './api';
import { plural } from './format';

/** The years the rules are correct for, and how many one request may compute (internal/feast). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
export const MAX_GENERATE_YEARS = 50;
/** The default range: the feast window the server keeps (five years back, ten ahead). */
export const YEARS_BACK = 5;
export const YEARS_AHEAD = 10;

export const YEARS_MESSAGE = `Please choose years from ${MIN_YEAR} to ${MAX_YEAR}, at most ${MAX_GENERATE_YEARS} at once.`;
export const GENERATE_FAILED = 'Unable to generate the feasts. Please try again.';

type Year = number | string;

const asYear = (value: Year) => (typeof value === 'number' && Number.isInteger(value) ? value : Number.NaN);
const inRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;

/**
 * yearsFault mirrors the server's rule for a range of years and names the
 * field at fault: the first year when it is missing or out of range, else the
 * last; null when the range is fine.
 */
export function yearsFault(from: Year, to: Year): 'from' | 'to' | null {
  const a = asYear(from);
  const b = asYear(to);
  if (!inRange(a)) return 'from';
  if (!inRange(b) || a > b || b - a + 1 > MAX_GENERATE_YEARS) return 'to';
  return null;
}

/** yearsError is the message for a range the server would refuse; undefined when the range is fine. */
export function yearsError(from: Year, to: Year): string | undefined {
  return yearsFault(from, to) ? YEARS_MESSAGE : undefined;
}

/** generatedMessage is the success toast of a generation. */
export function generatedMessage(calendarName: string, years: number, instances: number): string {
  return `${calendarName}: ${plural(years, 'year')} generated, ${plural(instances, 'feast day')} written`;
}

interface YearsValues {
  fromYear: Year;
  toYear: Year;
}

/** GenerateFeastsSection computes a range of years of a calendar from its tradition's rules. */
export function GenerateFeastsSection({ calendarType }: { calendarType: CalendarType }) {
  const generation = useGenerateFeasts();
  const thisYear = new Date().getFullYear();
  const form = useForm<YearsValues>({
    initialValues: { fromYear: thisYear - YEARS_BACK, toYear: thisYear + YEARS_AHEAD },
    validate: ({ fromYear, toYear }) => {
      const fault = yearsFault(fromYear, toYear);
      return fault ? { [fault === 'from' ? 'fromYear' : 'toYear']: YEARS_MESSAGE } : {};
    },
    // The two years are one range: a change to either settles what was said about it.
    onValuesChange: () => form.clearErrors(),
  });

  async function generate({ fromYear, toYear }: YearsValues) {
    try {
      await generation.submit(
        { calendarType: calendarType.key, body: { fromYear: Number(fromYear), toYear: Number(toYear) } },
        {
          onSuccess: (done) => notify.success(generatedMessage(calendarType.name, done.years, done.instances)),
          onError: (err) => {
            showServerErrors(form, err);
            reportFailure(err, GENERATE_FAILED);
          },
        },
      );
    } catch {
      // Said above.
    }
  }

  return (
    <Paper withBorder p={SECTION_PADDING} component="section">
      <form noValidate aria-labelledby="generate-feasts-heading" onSubmit={form.onSubmit(generate)}>
        <Stack gap="md">
          <Title order={2} size="h3" id="generate-feasts-heading">
            Generate from the rules
          </Title>
          <Text size="sm" c="dimmed">
            Compute the feasts of these years from the tradition&apos;s rules. Imported feasts and corrected names and
            ranks are kept. Years {MIN_YEAR} to {MAX_YEAR}, at most {MAX_GENERATE_YEARS} at once.
          </Text>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <NumberInput
              label="From year"
              min={MIN_YEAR}
              max={MAX_YEAR}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              w={140}
              {...form.getInputProps('fromYear')}
            />
            <NumberInput
              label="To year"
              min={MIN_YEAR}
              max={MAX_YEAR}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              w={140}
              {...form.getInputProps('toYear')}
            />
            <Button type="submit" loading={generation.submitting} mt={{ base: 0, xs: 25 }}>
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
