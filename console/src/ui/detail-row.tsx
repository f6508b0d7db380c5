// One labelled line of a detail drawer (an activity record, an audit event, a risk finding): the label
// in a fixed-width header cell, the value allowed to break anywhere (ids and hashes have no spaces).
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
      <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
