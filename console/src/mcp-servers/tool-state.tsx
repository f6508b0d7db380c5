// A tool's state as the pages show it: a badge coloured by what it asks of an admin (changed and new
// wait for a review; a badge keeps its whole word in a squeezed table column), and the counts of a server's tools with the ones awaiting review called out.
import { Badge, Group, Text } from '@mantine/core';
import type { McpToolState } from '../api/client';

export const STATE_COLOR: Record<McpToolState, string> = {
  pinned: 'green',
  changed: 'orange',
  new: 'yellow',
  blocked: 'red',
};

export const STATE_HINT: Record<McpToolState, string> = {
  pinned: 'as approved',
  changed: 'the server shows another definition: review it',
  new: 'waits for an admin’s approval: review it',
  blocked: 'blocked by an admin',
};

export const awaitsReview = (state: McpToolState) => state === 'changed' || state === 'new';

export function ToolStateBadge({ state }: { state: McpToolState }) {
  return (
    <Badge
      miw="max-content"
      color={STATE_COLOR[state]}
      variant={awaitsReview(state) ? 'filled' : 'light'}
      tt="none"
    >
      {state}
    </Badge>
  );
}

export function ToolCounts({ counts }: { counts: Record<McpToolState, number> }) {
  const waiting = counts.changed + counts.new;
  const total = counts.pinned + counts.changed + counts.new + counts.blocked;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        none seen yet
      </Text>
    );
  return (
    <Group gap={4} miw={160}>
      {waiting > 0 && (
        <Badge miw="max-content" color="orange" variant="filled" tt="none">
          {waiting} awaiting review
        </Badge>
      )}
      {(['pinned', 'changed', 'new', 'blocked'] as const).map(
        (s) =>
          counts[s] > 0 && (
            <Badge miw="max-content" key={s} color={STATE_COLOR[s]} variant="light" tt="none">
              {counts[s]} {s}
            </Badge>
          ),
      )}
    </Group>
  );
}
