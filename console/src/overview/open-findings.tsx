// Open findings by severity, most severe first: what is left to triage, whenever it was seen. Each
// number leads to the risk page filtered to that severity's open findings.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SEVERITY_ORDER } from '../policy/format';
import { SeverityBadge } from '../risk/risk-badges';
import { NumberLink } from './number-link';
import { openFindingsHref } from './overview-links';
import type { ActivitySummary } from './summary-types';

export function OpenFindings({ open }: { open: ActivitySummary['findings_open'] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Open findings">
      <Title order={2} size="h4" mb="xs">
        Open findings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Findings not resolved yet, whenever they were seen.
      </Text>
      <Stack gap="xs">
        {SEVERITY_ORDER.map((severity) => (
          <Group key={severity} justify="space-between">
            <SeverityBadge severity={severity} />
            <NumberLink
              value={open[severity]}
              to={openFindingsHref(severity)}
              label={`open ${severity} findings`}
              fz="lg"
              fw={700}
            />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
