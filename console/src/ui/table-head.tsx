// A table's header row from its column names; a column shown only to some admins is `false` for others.
import { Table } from '@mantine/core';

export function TableHead({ columns }: { columns: (string | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>{columns.map((c) => c && <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr>
    </Table.Thead>
  );
}
