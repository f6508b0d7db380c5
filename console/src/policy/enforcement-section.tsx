// The enforcement switch. Choosing another level stages it with the page's other changes; what the new
// level stops doing (or starts doing) is said beside it at once, and again in the review before saving.
import { Alert, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { Enforcement } from '../api/client';
import { ENFORCEMENTS, ENFORCEMENT_LABEL, ENFORCEMENT_MEANING, lowers } from './format';
import { ENFORCEMENT_CONSEQUENCE, LOWERING_RECORDED } from './enforcement-consequence';
import { usePolicyDraft } from './policy-draft';
import { UnsavedBadge } from './unsaved-badge';

export function EnforcementSection({ canManage }: { canManage: boolean }) {
  const { loaded, draft, stage, unstage } = usePolicyDraft();
  const current = loaded.document.enforcement;
  const chosen = draft.enforcement;

  function choose(to: Enforcement) {
    if (to === current) unstage('enforcement');
    else stage('enforcement', (d) => void (d.enforcement = to));
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="policy-enforcement">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="policy-enforcement">
            Enforcement
          </Title>
          {chosen !== current && <UnsavedBadge />}
        </Group>
        <Radio.Group value={chosen} onChange={(v) => choose(v as Enforcement)} aria-label="Enforcement">
          <Stack gap="xs">
            {ENFORCEMENTS.map((e) => (
              <Radio
                key={e}
                value={e}
                label={ENFORCEMENT_LABEL[e]}
                description={ENFORCEMENT_MEANING[e]}
                disabled={!canManage}
              />
            ))}
          </Stack>
        </Radio.Group>
        {chosen !== current && (
          <Alert
            color={lowers(current, chosen) ? 'red' : 'blue'}
            title={`Once saved: ${current} → ${chosen}`}
          >
            <Text size="sm">{ENFORCEMENT_CONSEQUENCE[current][chosen]}</Text>
            {lowers(current, chosen) && (
              <Text size="sm" fw={600}>
                {LOWERING_RECORDED}
              </Text>
            )}
          </Alert>
        )}
        {current !== 'enforce' && (
          <Alert color="orange" title={`Enforcement is ${current}`}>
            {current === 'monitor'
              ? 'The detectors’ actions below are not applied: nothing is blocked or redacted.'
              : 'The detectors below are not run: nothing is scanned, blocked, redacted or recorded.'}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
