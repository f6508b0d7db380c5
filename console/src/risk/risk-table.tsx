// The findings table, most severe first: one row per finding (repeats are counted, not added). A row, or
// its rule for the keyboard, opens the finding's detail.
import { Anchor, Table, Text } from '@mantine/core';
import type { RiskFinding } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { TableHead } from '../ui/table-head';
import { SeverityBadge, StatusBadge } from './risk-badges';
import { KIND_LABEL, where, who } from './format';

const COLUMNS = ['Severity', 'Kind', 'Rule', 'Who', 'Where', 'First seen', 'Last seen', 'Count', 'Status'];

export function RiskTable(props: { findings: RiskFinding[]; onOpen(f: RiskFinding): void }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover aria-label="Risk findings">
        <TableHead columns={COLUMNS} />
        <Table.Tbody>
          {props.findings.map((f) => (
            <Table.Tr
              key={f.id}
              data-finding-id={f.id}
              onClick={() => props.onOpen(f)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <SeverityBadge severity={f.severity} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{KIND_LABEL[f.kind]}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  size="sm"
                  ff="monospace"
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onOpen(f);
                  }}
                  aria-label={`${f.severity} finding ${f.rule} by ${who(f)}: show the detail`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {f.rule}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {who(f)}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.actor.type}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm">{where(f)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(f.first_seen)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(f.last_seen)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{f.count.toLocaleString('en')}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={f.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
