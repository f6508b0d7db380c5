// Retention: how long each log is kept (owners and admins change it), the oldest record each still
// holds, and what the retention job last did. Lowering the audit log's retention asks first, in words,
// what it deletes for good, as lowering the policy's enforcement does.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { RetentionSettings, RetentionStatus } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { DialogForm } from '../ui/dialog-form';
import { ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { formatTime } from '../activity/format';
import { useRetentionSettings, useRetentionStatus, useSaveRetention } from './retention-queries';

type Log = RetentionStatus['logs'][number]['log'];

const LOGS: Array<{ log: Log; field: keyof RetentionSettings; label: string; min: number; meaning: string }> =
  [
    {
      log: 'activity',
      field: 'activity_days',
      label: 'Gateway activity',
      min: 1,
      meaning: 'One record per Gateway request: who, which tool and model, the outcome.',
    },
    {
      log: 'audit',
      field: 'audit_days',
      label: 'Audit events',
      min: 30,
      meaning: 'Every management call, sign-in and change. At least 30 days.',
    },
    {
      log: 'findings',
      field: 'findings_days',
      label: 'Resolved risk findings',
      min: 1,
      meaning: 'Counted from when a finding was resolved; open findings are kept until resolved.',
    },
  ];

export function RetentionPage() {
  const settings = useRetentionSettings();
  const status = useRetentionStatus();
  return (
    <Stack>
      <PageHeader title="Retention">
        How long Gatehouse keeps each log. An hourly job deletes what is older, in small batches, and records
        each run in the audit log.
      </PageHeader>
      {settings.isPending ? (
        <Loading label="Loading the retention settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
      {status.isPending ? (
        <Loading label="Loading what the job has done…" />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <StatusSection status={status.data} />
      )}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: RetentionSettings }) {
  const manage = canManage(useAdmin());
  const [draft, setDraft] = useState<RetentionSettings>(saved);
  const [asking, setAsking] = useState(false);
  const save = useSaveRetention();
  const changed = LOGS.some((l) => draft[l.field] !== saved[l.field]);
  const valid = LOGS.every(
    (l) => Number.isInteger(draft[l.field]) && draft[l.field] >= l.min && draft[l.field] <= 3650,
  );
  const lowersAudit = draft.audit_days < saved.audit_days;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="retention-settings">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!changed || !valid) return;
          if (lowersAudit) setAsking(true);
          else save.mutate(draft);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="retention-settings">
            Kept for
          </Title>
          <Group align="flex-start" grow>
            {LOGS.map((l) => (
              <NumberInput
                key={l.log}
                label={`${l.label} (days)`}
                description={l.meaning}
                min={l.min}
                max={3650}
                allowDecimal={false}
                allowNegative={false}
                disabled={!manage}
                value={draft[l.field]}
                onChange={(v) => setDraft({ ...draft, [l.field]: typeof v === 'number' ? v : Number(v) })}
                error={
                  draft[l.field] < l.min || draft[l.field] > 3650 ? `From ${l.min} to 3650 days.` : undefined
                }
              />
            ))}
          </Group>
          {save.error && !asking && (
            <Alert color="red" role="alert" title="Retention was not changed">
              {save.error.message}
            </Alert>
          )}
          {manage && (
            <Group justify="flex-end">
              <Button variant="default" disabled={!changed} onClick={() => setDraft(saved)}>
                Reset
              </Button>
              <Button type="submit" disabled={!changed || !valid} loading={save.isPending && !asking}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Lower audit retention?">
        <DialogForm
          submit={`Keep audit events ${draft.audit_days} days`}
          color="red"
          ready
          mutation={save}
          errorTitle="Retention was not changed"
          onSubmit={() =>
            save.mutate(
              { ...draft, confirm_audit_days: draft.audit_days },
              { onSuccess: () => setAsking(false) },
            )
          }
          onCancel={() => setAsking(false)}
        >
          <Text size="sm">
            Audit events older than {draft.audit_days} days (now kept for {saved.audit_days}) will be deleted
            for good at the retention job&apos;s next run, within the hour. No one can bring them back, and
            the audit trail will no longer cover that time.
          </Text>
          <Text size="sm" fw={600}>
            The change is recorded in the audit log as lowering audit retention, naming you.
          </Text>
        </DialogForm>
      </Modal>
    </Paper>
  );
}

function StatusSection({ status }: { status: RetentionStatus }) {
  const run = status.last_run;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="retention-status">
      <Stack gap="sm">
        <Title order={2} size="h4" id="retention-status">
          What is kept
        </Title>
        <Table aria-labelledby="retention-status">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Log</Table.Th>
              <Table.Th>Kept for</Table.Th>
              <Table.Th>Oldest record kept</Table.Th>
              <Table.Th>Deleted at the last run</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.logs.map((l) => {
              const purge = run?.logs[l.log];
              return (
                <Table.Tr key={l.log}>
                  <Table.Td>{LOGS.find((x) => x.log === l.log)?.label}</Table.Td>
                  <Table.Td>{l.days} days</Table.Td>
                  <Table.Td>
                    {l.oldest_kept ? formatTime(l.oldest_kept) : 'None'}
                    {l.waiting_for_siem && (
                      <Badge ml="xs" color="orange" variant="light">
                        Waiting for a SIEM destination
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!purge
                      ? '—'
                      : purge.deleted === 0
                        ? 'Nothing'
                        : `${purge.deleted.toLocaleString()} (${formatTime(purge.from!)} to ${formatTime(purge.to!)})`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {run
            ? `The job last ran ${formatTime(run.started_at)} and took ${Math.max(0, (Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000).toFixed(1)} s.`
            : 'The job has not run yet.'}{' '}
          {status.next_run_at && `Next run ${formatTime(status.next_run_at)}.`}
        </Text>
        {run?.error && (
          <Alert color="red" title="The last run stopped on an error">
            {run.error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
