// One MCP server: what it is (endpoint, headers masked, status, when its tools were first listed) and its
// tools with their states; a tool opens its definition, and a changed or new one its review.
import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { McpTool } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { DetailRow } from '../ui/detail-row';
import { formatDateTime } from '../credentials/format';
import { useMcpServer } from './mcp-server-queries';
import { McpToolTable } from './mcp-tool-table';
import { ToolReviewDialog } from './tool-review-dialog';
import { BackToMcpServers, toolsWaiting } from './server-page-parts';

export function McpServerPage() {
  const { id = '' } = useParams();
  const manage = canManage(useAdmin());
  const server = useMcpServer(id);
  const [reviewing, setReviewing] = useState<McpTool | null>(null);

  const back = <BackToMcpServers />;
  if (server.isPending) return <Loading label="Loading the MCP server…" />;
  if (server.isError)
    return (
      <Stack>
        {back}
        <ErrorState error={server.error} onRetry={() => void server.refetch()} />
      </Stack>
    );
  const s = server.data;
  const headers = Object.entries(s.headers);
  const waiting = toolsWaiting(s.tools);

  return (
    <Stack>
      {back}
      <PageHeader title={s.alias}>
        Routed by the Gateway at /mcp/{s.alias}. {s.description}
      </PageHeader>
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label="Server" maw={900}>
          <Table.Tbody>
            <DetailRow
              label="URL"
              value={
                <Text size="sm" ff="monospace">
                  {s.url}
                </Text>
              }
            />
            <DetailRow
              label="Status"
              value={
                <Badge miw="max-content" color={s.enabled ? 'green' : 'gray'} variant="light" tt="none">
                  {s.enabled ? 'enabled' : 'disabled'}
                </Badge>
              }
            />
            <DetailRow
              label="Headers"
              value={
                headers.length === 0
                  ? 'none'
                  : headers.map(([name, mask]) => (
                      <Text key={name} size="sm" ff="monospace">
                        <Code>{name}</Code> {mask}
                      </Text>
                    ))
              }
            />
            <DetailRow
              label="First inventory"
              value={
                s.inventoried_at ? formatDateTime(s.inventoried_at) : 'no client has listed its tools yet'
              }
            />
            <DetailRow label="Registered" value={formatDateTime(s.created_at)} />
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
          A server&apos;s tools appear here once a client lists them through the Gateway at /mcp/{s.alias};
          each is pinned when first seen.
        </EmptyState>
      ) : (
        <McpToolTable tools={s.tools} onOpen={setReviewing} />
      )}

      <ToolReviewDialog
        serverId={s.id}
        alias={s.alias}
        tool={reviewing}
        canManage={manage}
        onClose={() => setReviewing(null)}
        onReread={async (name) => (await server.refetch()).data?.tools.find((t) => t.name === name)}
      />
    </Stack>
  );
}
