// What a routed server's page and a local server's page share: the way back to the list, and how many
// of their tools wait for a review.
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import type { McpTool } from '../api/client';

export function BackToMcpServers() {
  return (
    <Anchor component={Link} to="/mcp-servers" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All MCP servers
      </Group>
    </Anchor>
  );
}

/** Tools still offered whose definition is new or changed: an admin's review is owed. */
export function toolsWaiting(tools: readonly McpTool[]): number {
  return tools.filter((t) => !t.removed_at && (t.state === 'changed' || t.state === 'new')).length;
}
