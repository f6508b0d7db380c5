// MCP servers: the remote MCP servers the Gateway routes at /mcp/{alias}, for everyone who may read the
// policy; for owners and admins the register, edit, enable/disable and delete dialogs. A server's tools
// and their review are on its own page (mcp-server-page.tsx).
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import type { McpServerListed } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { ConfirmByNameDialog } from '../ui/confirm-by-name-dialog';
import { useDeleteMcpServer, useMcpServers } from './mcp-server-queries';
import { McpServerTable } from './mcp-server-table';
import { AddMcpServerDialog } from './add-mcp-server-dialog';
import { EditMcpServerDialog } from './edit-mcp-server-dialog';
import { ToggleMcpServerDialog } from './toggle-mcp-server-dialog';
import { LocalServersSection } from './local-servers-section';

export function McpServersPage() {
  const manage = canManage(useAdmin());
  const servers = useMcpServers();
  const remove = useDeleteMcpServer();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<McpServerListed | null>(null);
  const [toggling, setToggling] = useState<McpServerListed | null>(null);
  const [deleting, setDeleting] = useState<McpServerListed | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const waiting = (servers.data ?? []).reduce((n, s) => n + s.tool_counts.changed + s.tool_counts.new, 0);

  return (
    <Stack>
      <PageHeader
        title="MCP servers"
        action={manage && <Button onClick={() => setAdding(true)}>Register server</Button>}
      >
        Remote MCP servers that coding agents reach through the Gateway at /mcp/{'{alias}'}, with the
        caller&apos;s Gateway credential. Each tool is pinned when first seen; a changed or new tool waits for
        an admin&apos;s review.
      </PageHeader>

      {waiting > 0 && (
        <Text size="sm" role="status" c="orange.8" fw={600}>
          {waiting === 1 ? '1 tool awaits' : `${waiting} tools await`} review: open its server to compare the
          definitions.
        </Text>
      )}

      {servers.isPending ? (
        <Loading label="Loading MCP servers…" />
      ) : servers.isError ? (
        <ErrorState error={servers.error} onRetry={() => void servers.refetch()} />
      ) : servers.data.length === 0 ? (
        <EmptyState title="No MCP servers yet">
          {manage
            ? 'Register a remote MCP server with the alias clients will use: its tools appear here once a client lists them through the Gateway.'
            : 'An owner or admin registers them; you will see them here.'}
        </EmptyState>
      ) : (
        <McpServerTable
          servers={servers.data}
          canManage={manage}
          onEdit={setEditing}
          onToggle={setToggling}
          onDelete={setDeleting}
        />
      )}

      <LocalServersSection canManage={manage} />

      {manage && (
        <>
          <AddMcpServerDialog opened={adding} onClose={() => setAdding(false)} />
          <EditMcpServerDialog server={editing} onClose={() => setEditing(null)} />
          <ToggleMcpServerDialog server={toggling} onClose={() => setToggling(null)} />
          <ConfirmByNameDialog
            name={deleting?.alias ?? null}
            title="Delete the MCP server"
            action="Delete permanently"
            color="red"
            mutation={remove}
            onClose={closeDelete}
            onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: closeDelete })}
          >
            <Text size="sm">
              Deleting <b>{deleting?.alias}</b> is permanent: its encrypted headers are erased with the pins
              of its tools, and /mcp/{deleting?.alias} answers 404 from the next request. Registering it again
              starts its tools afresh, pinned when next seen.
            </Text>
          </ConfirmByNameDialog>
        </>
      )}
    </Stack>
  );
}
