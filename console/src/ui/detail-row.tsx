// One labelled line of a detail drawer (an activity record, an audit event, a risk finding): the label
// in a fixed-width header cell, the value in the rest. Text wraps at its spaces; a token (an id, a hash,
// a URL) breaks only where it is longer than the whole value cell, never just to end a line early
// (word-break: break-all cut names mid-word at the end of every line).
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export function DetailRow({
  label,
  value,
  labelWidth = 150,
}: {
  label: string;
  value: ReactNode;
  labelWidth?: number;
}) {
  return (
    <Table.Tr>
      <Table.Th w={labelWidth}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
