// The names caught, one row per package: why (each reason with its sightings and, where a finding gave
// it, its detail), how often and by how many developers, the installs stopped, the model families,
// first and last seen (UTC days), and whether the public feed lists it or why not.
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { CaughtName } from '../api/client';
import { TableHead } from '../ui/table-head';
import type { SlopsquatEvidence } from '../risk/format';
import { ReasonBadge } from './reason-badge';
import {
  REASON_MEANING,
  REASON_ORDER,
  ecosystemLabel,
  formatDay,
  reasonDetail,
  withheldText,
  type SlopsquatReason,
} from './format';

const COLUMNS = [
  'Package',
  'Why',
  'Count',
  'Installs stopped',
  'Developers',
  'Models',
  'Seen',
  'Public feed',
];

/** A finding's evidence for a name and reason: `ecosystem:name:reason`. */
export type Details = ReadonlyMap<string, SlopsquatEvidence>;
export const detailKey = (ecosystem: string, name: string, reason: string) =>
  `${ecosystem}:${name}:${reason}`;

function Why({ n, details }: { n: CaughtName; details: Details }) {
  const reasons = REASON_ORDER.filter((r) => (n.reasons[r] ?? 0) > 0);
  return (
    <Stack gap={4}>
      {reasons.map((r) => (
        <div key={r}>
          <Group gap={6} wrap="nowrap">
            <ReasonBadge reason={r} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              ×{(n.reasons[r] ?? 0).toLocaleString('en')}
            </Text>
          </Group>
          <Text size="xs">{detail(n, r, details)}</Text>
        </div>
      ))}
    </Stack>
  );
}

/** What a finding said of this reason, else what the names view knows, else what the reason means. */
function detail(n: CaughtName, r: SlopsquatReason, details: Details): string {
  const found = r === 'unreachable' ? undefined : details.get(detailKey(n.ecosystem, n.name, r));
  if (found) return reasonDetail(found);
  if (r === 'young' && n.registered_since) return `first published ${formatDay(n.registered_since)}`;
  return REASON_MEANING[r];
}

function Feed({ n, k }: { n: CaughtName; k: number }) {
  if (n.published)
    return (
      <Badge color="blue" variant="light" tt="none">
        published
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge color="gray" variant="light" tt="none">
        withheld
      </Badge>
      {n.withheld && <Text size="xs">{withheldText(n.withheld, n.developers, k)}</Text>}
    </Stack>
  );
}

/** First and last seen, UTC days: one day when they are the same. */
export function Seen({ first, last }: { first: string; last: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDay(first)}
      {last !== first && (
        <>
          <br />
          to {formatDay(last)}
        </>
      )}
    </Text>
  );
}

export function NamesTable(props: { names: CaughtName[]; k: number; details: Details }) {
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table striped verticalSpacing="sm" aria-label="Names caught">
        <TableHead columns={COLUMNS} />
        <Table.Tbody>
          {props.names.map((n) => (
            <Table.Tr key={`${n.ecosystem}:${n.name}`} data-package={`${n.ecosystem}:${n.name}`}>
              <Table.Td miw={150}>
                <Text size="xs" c="dimmed">
                  {ecosystemLabel(n.ecosystem)}
                </Text>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {n.name}
                </Text>
                {n.registered_since && n.reasons.missing !== undefined && (
                  <Text size="xs" c="red.7" fw={600}>
                    Registered {formatDay(n.registered_since)}, after models invented it
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={200} maw={280}>
                <Why n={n} details={props.details} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{n.count.toLocaleString('en')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={n.blocked_installs ? 600 : undefined}>
                  {n.blocked_installs.toLocaleString('en')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{n.developers.toLocaleString('en')}</Text>
              </Table.Td>
              <Table.Td maw={140}>
                <Text size="sm">{n.model_families.length ? n.model_families.join(', ') : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Seen first={n.first_seen} last={n.last_seen} />
              </Table.Td>
              <Table.Td miw={150} maw={200}>
                <Feed n={n} k={props.k} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
