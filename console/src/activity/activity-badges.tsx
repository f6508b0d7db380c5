// The outcome of a Gateway request, coloured by what it means, and the signals (policy rules) that fired.
import { Badge, Group, Text } from '@mantine/core';
import type { Outcome } from '../api/client';
import { OUTCOME_COLOR } from './format';

export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  return (
    <Badge color={OUTCOME_COLOR[outcome]} variant="light" tt="none">
      {outcome}
    </Badge>
  );
}

export function SignalBadges({ signals }: { signals: string[] }) {
  if (signals.length === 0)
    return (
      <Text size="sm" c="dimmed" aria-label="No signals">
        —
      </Text>
    );
  return (
    <Group gap={4}>
      {signals.map((s) => (
        <Badge key={s} color="yellow" variant="outline" size="sm" tt="none">
          {s}
        </Badge>
      ))}
    </Group>
  );
}
