// A finding's severity and status, coloured by what they mean.
import { Badge } from '@mantine/core';
import type { FindingStatus, Severity } from '../api/client';
import { SEVERITY_COLOR } from '../policy/format';
import { STATUS_COLOR } from './format';

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <Badge color={SEVERITY_COLOR[severity]} variant="filled" tt="none">
      {severity}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: FindingStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none">
      {status}
    </Badge>
  );
}
