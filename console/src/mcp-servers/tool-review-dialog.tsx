// A tool's review: its state, the poisoning signals of what the server shows, and the pinned and pending
// definitions side by side. Approve sends the SHA-256 of the definition on screen, so that a server that
// changed it again meanwhile gets a 409 instead of an approval nobody reviewed; the page then says so and
// offers to read the tool again. The dialog shows the tool as it was when opened (a refetch in the
// background must not change the text under the reviewer's eyes).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ApiError, type McpTool } from '../api/client';
import { useApproveTool, useBlockTool } from './mcp-server-queries';
import { useApproveLocalTool, useBlockLocalTool } from './local-server-queries';
import { DefinitionColumns } from './definition-columns';
import { STATE_HINT, ToolStateBadge } from './tool-state';

export function ToolReviewDialog(props: {
  serverId: string;
  alias: string;
  tool: McpTool | null;
  canManage: boolean;
  onClose(): void;
  /** Reads the server's tools again and returns this tool as it is now. */
  onReread(name: string): Promise<McpTool | undefined>;
  /** A local server's tool (the endpoint client's): approved and blocked on that one machine. */
  local?: boolean;
  /** More actions for the tool, before Close (a local tool's "Block everywhere"). */
  extra?: (name: string) => ReactNode;
}) {
  const narrow = useMediaQuery('(max-width: 900px)');
  return (
    <Modal
      opened={props.tool !== null}
      onClose={props.onClose}
      title={props.tool ? `Review ${props.alias} / ${props.tool.name}` : ''}
      size="min(1400px, 100%)"
      fullScreen={narrow ?? false}
    >
      {props.tool && <Review key={props.tool.name} {...props} tool={props.tool} />}
    </Modal>
  );
}

function Review(props: Parameters<typeof ToolReviewDialog>[0] & { tool: McpTool }) {
  const [tool, setTool] = useState(props.tool);
  // Both pairs are made, so that the hooks are the same on every render; the tool's kind picks one.
  const routed = { approve: useApproveTool(), block: useBlockTool() };
  const local = { approve: useApproveLocalTool(), block: useBlockLocalTool() };
  const { approve, block } = props.local ? local : routed;
  const [rereading, setRereading] = useState(false);
  // What Approve accepts: the pending definition, or for a blocked tool with none, its pin (unblocking).
  const approvable = tool.pending?.sha256 ?? (tool.state === 'blocked' ? tool.sha256 : null);
  const stale = approve.error instanceof ApiError && approve.error.status === 409;
  const failure = (stale ? null : approve.error) ?? block.error;

  async function reread() {
    setRereading(true);
    try {
      const fresh = await props.onReread(tool.name);
      approve.reset();
      block.reset();
      if (fresh) setTool(fresh);
      else props.onClose();
    } finally {
      setRereading(false);
    }
  }

  return (
    <Stack>
      <Group gap="xs">
        <ToolStateBadge state={tool.state} />
        <Text size="sm">{STATE_HINT[tool.state]}</Text>
      </Group>
      {tool.signals.length > 0 && (
        <Alert color="red" title="Instructions aimed at the model" role="note">
          The definition last seen matches the tool-poisoning rules {tool.signals.join(', ')}. Read the
          description and schemas below before approving.
        </Alert>
      )}
      <DefinitionColumns
        pinned={{ sha256: tool.sha256, definition: tool.definition }}
        pending={tool.pending}
      />
      {stale && (
        <Alert color="orange" role="alert" title="The server changed this tool again">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{approve.error?.message}</Text>
            <Text size="sm">
              Nothing was approved. Read the tool again and review what the server shows now.
            </Text>
            <Button
              size="xs"
              variant="light"
              color="orange"
              loading={rereading}
              onClick={() => void reread()}
            >
              Read the tool again
            </Button>
          </Stack>
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" title="Nothing was changed">
          {failure.message}
        </Alert>
      )}
      <Group justify="flex-end">
        {props.extra?.(tool.name)}
        <Button variant="default" onClick={props.onClose}>
          Close
        </Button>
        {props.canManage && tool.state !== 'blocked' && (
          <Button
            color="red"
            variant="light"
            loading={block.isPending}
            disabled={approve.isPending}
            onClick={() =>
              block.mutate({ id: props.serverId, name: tool.name }, { onSuccess: (t) => setTool(t) })
            }
          >
            Block
          </Button>
        )}
        {props.canManage && approvable && !stale && (
          <Button
            loading={approve.isPending}
            disabled={block.isPending}
            onClick={() =>
              approve.mutate(
                { id: props.serverId, name: tool.name, sha256: approvable },
                { onSuccess: (t) => setTool(t) },
              )
            }
          >
            {tool.pending ? 'Approve' : 'Unblock'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
