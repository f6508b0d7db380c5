// Local MCP servers on the MCP page: the stdio servers developers' tools run, as their endpoint clients
// report them, grouped by developer and device and filtered by either; each with its tools' states and,
// for owners and admins, "Block everywhere" (a rule in the policy: every developer and device at once).
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { McpLocalServerListed } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { usePolicy } from '../policy/policy-queries';
import { TableHead } from '../ui/table-head';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { blockedEverywhere, unnameable } from './block-everywhere';
import { BlockEverywhereDialog, type EverywhereChange } from './block-everywhere-dialog';
import { useLocalServers, type LocalServerFilter } from './local-server-queries';
import { ToolCounts } from './tool-state';

const ownerLabel = (s: McpLocalServerListed) =>
  s.developer
    ? `${s.developer.name ?? s.developer.email ?? s.developer.id}${s.developer.name && s.developer.email ? ` (${s.developer.email})` : ''}`
    : s.credential
      ? `Credential ${s.credential.name ?? s.credential.id}`
      : 'Unknown owner';
const deviceLabel = (s: McpLocalServerListed) =>
  s.device ? (s.device.name ?? s.device.id) : s.credential ? 'no device (access token)' : 'no device';

export function LocalServersSection({ canManage }: { canManage: boolean }) {
  const [filter, setFilter] = useState<LocalServerFilter>({});
  const everyone = useLocalServers({});
  const servers = useLocalServers(filter);
  const policy = usePolicy();
  const [change, setChange] = useState<EverywhereChange | null>(null);

  // The filters' choices come from every server, so that choosing one does not empty the other.
  const developers = useMemo(() => {
    const m = new Map<string, string>();
    for (const s of everyone.data?.local_servers ?? []) if (s.developer) m.set(s.developer.id, ownerLabel(s));
    return [...m].map(([value, label]) => ({ value, label }));
  }, [everyone.data]);
  const devices = useMemo(() => {
    const m = new Map<string, string>();
    for (const s of everyone.data?.local_servers ?? [])
      if (s.device && (!filter.developer_id || s.developer?.id === filter.developer_id))
        m.set(s.device.id, `${deviceLabel(s)} — ${ownerLabel(s)}`);
    return [...m].map(([value, label]) => ({ value, label }));
  }, [everyone.data, filter.developer_id]);

  const groups = useMemo(() => {
    const g = new Map<string, { owner: string; device: string; servers: McpLocalServerListed[] }>();
    for (const s of servers.data?.local_servers ?? []) {
      const key = `${s.developer?.id ?? s.credential?.id}/${s.device?.id ?? ''}`;
      let group = g.get(key);
      if (!group) g.set(key, (group = { owner: ownerLabel(s), device: deviceLabel(s), servers: [] }));
      group.servers.push(s);
    }
    return [...g.values()];
  }, [servers.data]);

  return (
    <Stack>
      <Title order={2} size="h3">
        Local servers
      </Title>
      <Text size="sm" c="dimmed">
        Stdio MCP servers that developers&apos; tools run on their machines, reported by the endpoint client
        (gatehouse-client mcp wrap). Each machine pins its tools on its own; a block in the policy holds on
        every machine.
      </Text>
      <Group align="flex-end">
        <Select
          label="Developer"
          placeholder="Every developer"
          clearable
          searchable
          data={developers}
          value={filter.developer_id ?? null}
          onChange={(v) => setFilter(v ? { developer_id: v } : {})}
          w={300}
        />
        <Select
          label="Device"
          placeholder="Every device"
          clearable
          searchable
          data={devices}
          value={filter.device_id ?? null}
          onChange={(v) =>
            setFilter((f) => {
              const { device_id: _, ...rest } = f;
              return v ? { ...rest, device_id: v } : rest;
            })
          }
          w={340}
        />
      </Group>
      {servers.isPending ? (
        <Loading label="Loading local MCP servers…" />
      ) : servers.isError ? (
        <ErrorState error={servers.error} onRetry={() => void servers.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState title="No local servers reported">
          {filter.developer_id || filter.device_id
            ? 'None for this developer or device: clear the filters to see every machine.'
            : 'They appear here once a developer runs a tool whose MCP servers go through gatehouse-client mcp wrap (gatehouse-client setup <tool> --mcp).'}
        </EmptyState>
      ) : (
        groups.map((g) => (
          <Stack key={`${g.owner}/${g.device}`} gap="xs" data-local-group={`${g.owner} / ${g.device}`}>
            <Title order={3} size="h5">
              {g.owner} · {g.device}
            </Title>
            <Table.ScrollContainer minWidth={canManage ? 1100 : 900}>
              <Table
                striped
                highlightOnHover
                verticalSpacing="sm"
                aria-label={`Local servers of ${g.owner} on ${g.device}`}
              >
                <TableHead
                  columns={[
                    'Server',
                    'Command',
                    'Protocol',
                    'Last seen',
                    'Tools',
                    'Policy',
                    canManage && 'Actions',
                  ]}
                />
                <Table.Tbody>
                  {g.servers.map((s) => {
                    const blocked = blockedEverywhere(policy.data?.document, { server: s.name });
                    const why = unnameable({ server: s.name });
                    const info = s.server_info as { name?: unknown; version?: unknown } | null;
                    return (
                      <Table.Tr key={s.id} data-local-server={s.name}>
                        <Table.Td>
                          <Anchor component={Link} to={`/mcp-servers/local/${s.id}`} fw={600} size="sm">
                            {s.name}
                          </Anchor>
                          {info && typeof info.name === 'string' && (
                            <Text size="xs" c="dimmed">
                              {info.name}
                              {typeof info.version === 'string' ? ` ${info.version}` : ''}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td maw={240}>
                          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                            {s.command}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{s.protocol_version ?? '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(s.last_seen)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <ToolCounts counts={s.tool_counts} />
                        </Table.Td>
                        <Table.Td>
                          {blocked ? (
                            <Badge color="red" variant="light" tt="none" miw="max-content">
                              blocked everywhere
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              —
                            </Text>
                          )}
                        </Table.Td>
                        {canManage && (
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="light"
                              color={blocked ? undefined : 'red'}
                              disabled={why !== null || policy.data === undefined}
                              title={why ?? undefined}
                              onClick={() => setChange({ server: s.name, block: !blocked })}
                            >
                              {blocked ? 'Unblock everywhere' : 'Block everywhere'}
                            </Button>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))
      )}
      {servers.data?.has_more && (
        <Text size="sm" role="status">
          More servers match than are shown: choose a developer or a device.
        </Text>
      )}
      {canManage && <BlockEverywhereDialog change={change} onClose={() => setChange(null)} />}
    </Stack>
  );
}
