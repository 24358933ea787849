import { Group, Table, Text } from '@mantine/core';
import { formatDate } from '../../components/format';
import type { SignInDay } from './api';

const BAR = 8;
const GAP = 2;
const HEIGHT = 80;

/**
 * SignInChart draws sign-ins per day as plain SVG bars. A screen reader
 * hears the chart's summary; the numbers of every day are in the table
 * below it, folded away for those who see the bars.
 */
export function SignInChart({ days }: { days: SignInDay[] }) {
  const total = days.reduce((sum, d) => sum + d.signIns, 0);
  const busiest = days.reduce<SignInDay | null>((best, d) => (best === null || d.signIns > best.signIns ? d : best), null);
  const top = Math.max(1, busiest?.signIns ?? 0);
  const summary =
    days.length === 0
      ? 'No sign-ins counted yet.'
      : `${total} sign-ins in the last ${days.length} days` +
        (busiest && busiest.signIns > 0 ? `, most on ${formatDate(busiest.date)} (${busiest.signIns}).` : '.');
  return (
    <div>
      <Text size="sm" mb="xs">
        {summary}
      </Text>
      <svg
        role="img"
        aria-label={`Sign-ins per day. ${summary}`}
        viewBox={`0 0 ${days.length * (BAR + GAP)} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        style={{ display: 'block', maxWidth: 720 }}
      >
        {days.map((d, i) => {
          const h = d.signIns === 0 ? 1 : Math.max(2, (d.signIns / top) * HEIGHT);
          return (
            <rect
              key={d.date}
              x={i * (BAR + GAP)}
              y={HEIGHT - h}
              width={BAR}
              height={h}
              fill={d.signIns === 0 ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-blue-6)'}
            >
              <title>{`${formatDate(d.date)}: ${d.signIns}`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        <Group justify="space-between" maw={720} mt={4}>
          <Text size="xs">{formatDate(days[0].date)}</Text>
          <Text size="xs">{formatDate(days[days.length - 1].date)}</Text>
        </Group>
      )}
      <details style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        <summary>Show sign-ins as a table</summary>
        <Table aria-label="Sign-ins per day" maw={320} mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Sign-ins</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Td>{formatDate(d.date)}</Table.Td>
                <Table.Td>{d.signIns}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </div>
  );
}
