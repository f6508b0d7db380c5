// One local MCP server: whose machine runs it, what it reported, and its tools with their states. A
// tool opens the routed servers' review (approve or block on this machine only), which for owners and
// admins also offers "Block everywhere": the policy rule that holds on every developer's machine.
import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { McpTool } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { DetailRow } from '../ui/detail-row';
import { formatDateTime } from '../credentials/format';
import { usePolicy } from '../policy/policy-queries';
import { blockedEverywhere, unnameable } from './block-everywhere';
import { BlockEverywhereDialog, type EverywhereChange } from './block-everywhere-dialog';
import { useLocalServer } from './local-server-queries';
import { McpToolTable } from './mcp-tool-table';
import { ToolReviewDialog } from './tool-review-dialog';
import { BackToMcpServers, toolsWaiting } from './server-page-parts';

export function LocalServerPage() {
  const { id = '' } = useParams();
  const manage = canManage(useAdmin());
  const server = useLocalServer(id);
  const policy = usePolicy();
  const [reviewing, setReviewing] = useState<McpTool | null>(null);
  const [change, setChange] = useState<EverywhereChange | null>(null);

  const back = <BackToMcpServers />;
  if (server.isPending) return <Loading label="Loading the local MCP server…" />;
  if (server.isError)
    return (
      <Stack>
        {back}
        <ErrorState error={server.error} onRetry={() => void server.refetch()} />
      </Stack>
    );
  const s = server.data;
  const doc = policy.data?.document;
  const serverBlocked = blockedEverywhere(doc, { server: s.name });
  const waiting = toolsWaiting(s.tools);
  const info = s.server_info as { name?: unknown; version?: unknown } | null;
  const owner = s.developer
    ? (s.developer.name ?? s.developer.email ?? s.developer.id)
    : `credential ${s.credential?.name ?? s.credential?.id ?? ''}`;

  const everywhereButton = (tool?: string) => {
    const blocked = blockedEverywhere(doc, { server: s.name, tool });
    const why = unnameable({ server: s.name, tool });
    return (
      <Button
        variant="light"
        color={blocked ? undefined : 'red'}
        disabled={why !== null || doc === undefined}
        title={why ?? undefined}
        onClick={() => {
          setReviewing(null);
          setChange({ server: s.name, tool, block: !blocked });
        }}
      >
        {blocked
          ? tool === undefined
            ? 'Unblock this server everywhere'
            : 'Unblock this tool everywhere'
          : tool === undefined
            ? 'Block this server everywhere'
            : 'Block this tool everywhere'}
      </Button>
    );
  };

  return (
    <Stack>
      {back}
      <PageHeader title={s.name} action={manage && everywhereButton()}>
        A local MCP server run by {owner} on {s.device?.name ?? 'no device'}, reported by the endpoint client.
      </PageHeader>
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label="Server" maw={900}>
          <Table.Tbody>
            <DetailRow
              label="Developer"
              value={s.developer ? `${owner} (${s.developer.email ?? ''})` : owner}
            />
            <DetailRow label="Device" value={s.device?.name ?? s.device?.id ?? 'none (an access token)'} />
            <DetailRow
              label="Command"
              value={
                <Text size="sm" ff="monospace">
                  {s.command}
                </Text>
              }
            />
            <DetailRow
              label="Server info"
              value={
                info && typeof info.name === 'string'
                  ? `${info.name}${typeof info.version === 'string' ? ` ${info.version}` : ''}`
                  : 'not reported'
              }
            />
            <DetailRow label="Protocol version" value={s.protocol_version ?? 'not reported'} />
            <DetailRow
              label="Policy"
              value={
                serverBlocked ? (
                  <Badge color="red" variant="light" tt="none">
                    blocked everywhere
                  </Badge>
                ) : (
                  'no rule blocks the whole server'
                )
              }
            />
            <DetailRow label="First seen" value={formatDateTime(s.first_seen)} />
            <DetailRow label="Last seen" value={formatDateTime(s.last_seen)} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={2} size="h4">
        Tools
      </Title>
      {waiting > 0 && (
        <Text size="sm" role="status" c="orange.8" fw={600}>
          {waiting === 1 ? '1 tool awaits' : `${waiting} tools await`} review
          {manage ? '' : ' by an owner or admin'}.
        </Text>
      )}
      {s.tools.length === 0 ? (
        <EmptyState title="No tools seen yet">
          Its tools appear here once the endpoint client reports its tools/list; each is pinned when first
          seen.
        </EmptyState>
      ) : (
        <McpToolTable tools={s.tools} onOpen={setReviewing} />
      )}
      <Group gap="xs">
        {s.tools
          .filter((t) => blockedEverywhere(doc, { server: s.name, tool: t.name }))
          .map((t) => (
            <Badge key={t.name} color="red" variant="light" tt="none">
              {t.name}: blocked everywhere by the policy
            </Badge>
          ))}
      </Group>

      <ToolReviewDialog
        serverId={s.id}
        alias={s.name}
        tool={reviewing}
        canManage={manage}
        local
        extra={manage ? (name) => everywhereButton(name) : undefined}
        onClose={() => setReviewing(null)}
        onReread={async (name) => (await server.refetch()).data?.tools.find((t) => t.name === name)}
      />
      {manage && <BlockEverywhereDialog change={change} onClose={() => setChange(null)} />}
    </Stack>
  );
}
