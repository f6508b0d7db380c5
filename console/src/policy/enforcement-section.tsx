// The enforcement switch. Choosing another level only asks: the confirmation says in plain words what
// the new level stops doing (or starts doing) before anything is saved, since lowering it lets secrets
// through to the providers for every developer at once.
import { useState } from 'react';
import { Alert, Modal, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { Enforcement } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { ENFORCEMENTS, ENFORCEMENT_LABEL, ENFORCEMENT_MEANING, lowers } from './format';
import { useSavePolicy, type LoadedPolicy } from './policy-queries';
import { ConflictNotice, unlessConflict } from './conflict-notice';

export function EnforcementSection({ loaded, canManage }: { loaded: LoadedPolicy; canManage: boolean }) {
  const current = loaded.document.enforcement;
  const [asked, setAsked] = useState<Enforcement | null>(null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="policy-enforcement">
      <Stack gap="sm">
        <Title order={2} size="h4" id="policy-enforcement">
          Enforcement
        </Title>
        <Radio.Group
          value={current}
          onChange={(v) => v !== current && setAsked(v as Enforcement)}
          aria-label="Enforcement"
        >
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
        {current !== 'enforce' && (
          <Alert color="orange" title={`Enforcement is ${current}`}>
            {current === 'monitor'
              ? 'The detectors’ actions below are not applied: nothing is blocked or redacted.'
              : 'The detectors below are not run: nothing is scanned, blocked, redacted or recorded.'}
          </Alert>
        )}
      </Stack>
      {canManage && (
        <Modal
          // Closes too when a reload shows the level asked for already in force.
          opened={asked !== null && asked !== current}
          onClose={() => setAsked(null)}
          title={asked ? confirmTitle(current, asked) : ''}
        >
          {asked && <ConfirmForm loaded={loaded} to={asked} onClose={() => setAsked(null)} />}
        </Modal>
      )}
    </Paper>
  );
}

function confirmTitle(from: Enforcement, to: Enforcement): string {
  if (to === 'off') return 'Turn the policy off?';
  return lowers(from, to) ? `Lower enforcement to ${to}?` : `Raise enforcement to ${to}?`;
}

function ConfirmForm({ loaded, to, onClose }: { loaded: LoadedPolicy; to: Enforcement; onClose(): void }) {
  const save = useSavePolicy();
  const from = loaded.document.enforcement;
  const lowering = lowers(from, to);
  return (
    <DialogForm
      submit={`Switch to ${to}`}
      color={lowering ? 'red' : undefined}
      ready
      mutation={unlessConflict(save)}
      errorTitle="Enforcement was not changed"
      onSubmit={() =>
        save.mutate(
          { document: { ...loaded.document, enforcement: to }, etag: loaded.etag },
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    >
      <Text size="sm">{CONSEQUENCE[from][to]}</Text>
      {lowering && (
        <Text size="sm" fw={600}>
          Lowering enforcement is recorded in the audit log and raises a high-severity risk finding that names
          you.
        </Text>
      )}
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}

/** What moving from one level to another changes, said plainly; the diagonal is never asked. */
const CONSEQUENCE: Record<Enforcement, Record<Enforcement, string>> = {
  enforce: {
    enforce: '',
    monitor:
      'Nothing will be blocked or redacted any more: requests and answers go through as they were sent, secrets and personal data included. What the detectors find is only recorded, as activity signals and risk findings.',
    off: 'Nothing will be scanned or recorded any more: nothing is blocked or redacted, requests and answers go through as they were sent, secrets and personal data included, and no signal or risk finding will show that they did.',
  },
  monitor: {
    enforce:
      'The detectors’ actions will apply from the next request: matches set to block stop the request (the tool shows the error), matches set to redact are replaced before they reach the provider.',
    monitor: '',
    off: 'Nothing will be scanned or recorded any more: requests and answers go through as they were sent, and no signal or risk finding will show what they held.',
  },
  off: {
    enforce:
      'Every request and answer will be scanned again from the next request, and the detectors’ actions will apply: matches set to block stop the request, matches set to redact are replaced.',
    monitor:
      'Every request and answer will be scanned again and what the detectors find recorded, but nothing will be blocked or redacted.',
    off: '',
  },
};
