// The slopsquat findings, newest first: one row per package per caller and reason (repeats are counted),
// with why, who, through which tool and model, what the Gateway did, and the ways to the Gateway
// request of its last sighting and to the finding itself.
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '../credentials/format';
import { TableHead } from '../ui/table-head';
import { who } from '../risk/format';
import { ReasonBadge } from './reason-badge';
import { ecosystemLabel, packageSpec, reasonDetail, type SlopsquatFinding } from './format';

const COLUMNS = ['Last seen', 'Package', 'Why', 'Caller', 'Tool and model', 'Count', 'Gateway', 'Records'];

export function CatchesTable(props: {
  catches: SlopsquatFinding[];
  /** The finding whose request is being looked up. */
  looking: string | null;
  onRequest(f: SlopsquatFinding): void;
}) {
  return (
    <Table.ScrollContainer minWidth={1060}>
      <Table striped verticalSpacing="sm" aria-label="Slopsquat catches">
        <TableHead columns={COLUMNS} />
        <Table.Tbody>
          {props.catches.map((f) => {
            const e = f.evidence;
            return (
              <Table.Tr key={f.id} data-finding-id={f.id} data-package={`${e.ecosystem}:${e.package}`}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(f.last_seen)}
                  </Text>
                </Table.Td>
                <Table.Td miw={150}>
                  <Text size="xs" c="dimmed">
                    {ecosystemLabel(e.ecosystem)}
                  </Text>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {packageSpec(e)}
                  </Text>
                </Table.Td>
                <Table.Td miw={190} maw={260}>
                  <ReasonBadge reason={e.reason} />
                  <Text size="xs">{reasonDetail(e)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {who(f)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {f.actor.type}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" maw={200}>
                    {f.tool ?? '—'}
                    {e.tool_call && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        via {e.tool_call}
                      </Text>
                    )}
                  </Text>
                  <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {f.model ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{f.count.toLocaleString('en')}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={e.action === 'blocked' ? 'red' : 'yellow'} variant="light" tt="none">
                    {e.action}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      loading={props.looking === f.id}
                      onClick={() => props.onRequest(f)}
                      aria-label={`Show the Gateway request: ${e.package} by ${who(f)}`}
                    >
                      Request
                    </Button>
                    <Anchor
                      component={Link}
                      to={`/risk?finding=${encodeURIComponent(f.id)}`}
                      size="sm"
                      aria-label={`Open the finding: ${e.package} by ${who(f)}`}
                    >
                      Finding
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
