// A chart with its alternatives: a sentence that says what it shows in numbers (read by everyone,
// screen readers included), and a "Show as table" switch that puts the same series in a table whose
// cells link to the records they count. The drawing itself is hidden from assistive technology and
// from the keyboard: the table is the accessible form of the same data.
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { NumberLink, formatCount } from './number-link';
import { bucketHref } from './overview-links';
import { bucketSpan } from './buckets';
import type { SummaryBucket, SummaryCounts } from './summary-types';

export interface ChartSeries {
  name: keyof SummaryCounts;
  label: string;
  color: string;
}

export function ChartCard(props: {
  title: string;
  summary: string;
  series: readonly ChartSeries[];
  buckets: SummaryBucket[];
  bucketSeconds: number;
  /** Whether a bucket's number leads to its records (tokens do not: the activity lists requests). */
  linked?: boolean;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={props.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={asTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((t) => !t)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {props.summary}
      </Text>
      {asTable ? <SeriesTable id={tableId} {...props} /> : <Box aria-hidden>{props.children}</Box>}
    </Paper>
  );
}

function SeriesTable(props: {
  id: string;
  title: string;
  series: readonly ChartSeries[];
  buckets: SummaryBucket[];
  bucketSeconds: number;
  linked?: boolean;
}) {
  // Newest first, as every other list of the console; the chart reads left to right, oldest first.
  const rows = [...props.buckets].reverse();
  return (
    <Table.ScrollContainer minWidth={360} mah={320}>
      <Table id={props.id} striped stickyHeader aria-label={`${props.title}, as a table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            {props.series.map((s) => (
              <Table.Th key={s.name} ta="right">
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((b) => {
            const span = bucketSpan(b.start, props.bucketSeconds);
            return (
              <Table.Tr key={b.start}>
                <Table.Th scope="row" fw={400}>
                  {span}
                </Table.Th>
                {props.series.map((s) => (
                  <Table.Td key={s.name} ta="right">
                    {props.linked !== false && b[s.name] > 0 ? (
                      <NumberLink
                        value={b[s.name]}
                        to={bucketHref(s.name, b.start, props.bucketSeconds)}
                        label={`${s.label.toLowerCase()}, ${span}`}
                        size="sm"
                      />
                    ) : (
                      formatCount(b[s.name])
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
