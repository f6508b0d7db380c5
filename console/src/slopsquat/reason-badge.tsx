// Why a name is suspect, as a badge coloured by how alarming the reason is.
import { Badge } from '@mantine/core';
import { REASON_COLOR, REASON_LABEL, type SlopsquatReason } from './format';

export function ReasonBadge({ reason }: { reason: SlopsquatReason }) {
  return (
    <Badge color={REASON_COLOR[reason]} variant="light" tt="none" miw="max-content">
      {REASON_LABEL[reason]}
    </Badge>
  );
}
