// The outcome of a Gateway request, coloured by what it means, and the signals (policy rules) that
// fired, each with what the policy did about it (blocked, redacted, alerted) where the record says.
import { Badge, Group, Text } from '@mantine/core';
import {
  OUTCOME_COLOR,
  SIGNAL_ACTION_COLOR,
  SIGNAL_ACTION_WORD,
  signalsWithActions,
  type ActivityOutcome,
  type ActivityRecord,
} from './format';

export function OutcomeBadge({ outcome }: { outcome: ActivityOutcome }) {
  return (
    <Badge color={OUTCOME_COLOR[outcome]} variant="light" tt="none">
      {outcome}
    </Badge>
  );
}

export function SignalBadges({ activity }: { activity: Pick<ActivityRecord, 'signals' | 'signal_actions'> }) {
  const signals = signalsWithActions(activity);
  if (signals.length === 0)
    return (
      <Text size="sm" c="dimmed" aria-label="No signals">
        —
      </Text>
    );
  return (
    <Group gap={4}>
      {signals.map(({ rule, action }) => (
        <Badge
          key={rule}
          color={action ? SIGNAL_ACTION_COLOR[action] : 'yellow'}
          variant="outline"
          size="sm"
          tt="none"
          data-signal={rule}
        >
          {action ? `${rule}: ${SIGNAL_ACTION_WORD[action]}` : rule}
        </Badge>
      ))}
    </Group>
  );
}
