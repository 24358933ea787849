import { Button, Group, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SCROLLS } from './scrolls';

/**
 * DataTable is one table of the analytics page: a heading, a "Download CSV"
 * link to the same table as the server writes it, and the rows (strings,
 * exactly what the CSV holds), or a line saying there is nothing.
 */
export function DataTable({
  title,
  csv,
  header,
  rows,
  empty,
  note,
  rowKey,
}: {
  title: string;
  csv: string;
  header: string[];
  rows: string[][];
  empty: string;
  note?: ReactNode;
  rowKey: (index: number) => string;
}) {
  return (
    <div className="analytics-table">
      <Group justify="space-between" gap="xs" mb={4}>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button
          component="a"
          href={csv}
          download
          size="xs"
          variant="default"
          className="analytics-noprint"
          aria-label={`Download CSV: ${title}`}
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Download CSV
        </Button>
      </Group>
      {note}
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={Math.min(640, header.length * 96)} scrollAreaProps={SCROLLS}>
          <Table aria-label={title} verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                {header.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={rowKey(i)}>
                  {row.map((cell, j) => (
                    <Table.Td key={header[j]}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
