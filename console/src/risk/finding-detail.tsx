// One finding, every field of it, in a drawer: read again by id when it opens (its count and status
// change after the table was read). The evidence is what the API keeps instead of the value: what kind
// of value it was, a keyed fingerprint of it, and where it was. Admins may resolve an open finding.
import { useState } from 'react';
import { Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { RiskFinding } from '../api/client';
import { formatTime } from '../activity/format';
import { ErrorState, Loading } from '../ui/states';
import { party } from '../policy/format';
import { useDetectorLabel } from '../policy/policy-queries';
import { SeverityBadge, StatusBadge } from './risk-badges';
import { KIND_LABEL, isEnforcement, where } from './format';
import { useRiskFinding } from './risk-queries';
import { ResolveFindingDialog } from './resolve-finding-dialog';
import { DetailRow } from '../ui/detail-row';

export function FindingDetail(props: {
  id: string | null;
  canManage: boolean;
  onClose(): void;
  onFilterCaller(actorId: string): void;
}) {
  // The last finding opened stays in the drawer while it slides away.
  const [shown, setShown] = useState(props.id);
  if (props.id !== null && props.id !== shown) setShown(props.id);
  const finding = useRiskFinding(shown);
  const [resolving, setResolving] = useState(false);
  const f = finding.data;
  return (
    <Drawer
      opened={props.id !== null}
      onClose={props.onClose}
      title="Risk finding"
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {finding.isPending ? (
        <Loading label="Loading the finding…" />
      ) : finding.isError ? (
        <ErrorState error={finding.error} onRetry={() => void finding.refetch()} />
      ) : (
        f && (
          <Stack>
            <Fields f={f} />
            <Group>
              {props.canManage && f.status === 'open' && (
                <Button color="green" onClick={() => setResolving(true)}>
                  Resolve
                </Button>
              )}
              <Button variant="light" onClick={() => props.onFilterCaller(f.actor.id)}>
                Show every finding by this caller
              </Button>
            </Group>
            {props.canManage && (
              <ResolveFindingDialog finding={resolving ? f : null} onClose={() => setResolving(false)} />
            )}
          </Stack>
        )
      )}
    </Drawer>
  );
}

function Fields({ f }: { f: RiskFinding }) {
  const labelOf = useDetectorLabel();
  const e = f.evidence;
  return (
    <Stack>
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="Finding fields">
        <Table.Tbody>
          <DetailRow label="Severity" value={<SeverityBadge severity={f.severity} />} />
          <DetailRow label="Status" value={<StatusBadge status={f.status} />} />
          <DetailRow label="Kind" value={KIND_LABEL[f.kind]} />
          <DetailRow
            label="Rule"
            value={
              <Text ff="monospace" size="sm">
                {f.rule}
              </Text>
            }
          />
          <DetailRow label="Detector" value={f.detector ? labelOf(f.detector) : '—'} />
          <DetailRow label="Who" value={`${f.actor.name ?? f.actor.id} (${f.actor.type} ${f.actor.id})`} />
          <DetailRow label="Where" value={where(f)} />
          <DetailRow label="First seen" value={formatTime(f.first_seen)} />
          <DetailRow label="Last seen" value={formatTime(f.last_seen)} />
          <DetailRow label="Count" value={f.count.toLocaleString('en')} />
          {f.resolved_at && <DetailRow label="Resolved" value={formatTime(f.resolved_at)} />}
          {f.resolved_by && <DetailRow label="Resolved by" value={party(f.resolved_by)} />}
          {f.resolution_note && <DetailRow label="Resolution note" value={f.resolution_note} />}
          <DetailRow label="Finding ID" value={f.id} />
        </Table.Tbody>
      </Table>
      <Text fw={600} size="sm">
        Evidence
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="Evidence">
        <Table.Tbody>
          {isEnforcement(e) ? (
            <>
              <DetailRow label="Enforcement" value={`${e.from} → ${e.to}`} />
              <DetailRow label="Policy version" value={String(e.version)} />
            </>
          ) : (
            <>
              <DetailRow label="Value kind" value={e.kind} />
              <DetailRow
                label="Fingerprint"
                value={
                  <Text ff="monospace" size="sm">
                    {e.fingerprint}
                  </Text>
                }
              />
              <DetailRow
                label="Found in"
                value={e.where === 'request' ? 'what the caller sent' : 'the provider’s answer'}
              />
              <DetailRow
                label="Location"
                value={
                  <Text ff="monospace" size="sm">
                    {e.location}
                  </Text>
                }
              />
            </>
          )}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {isEnforcement(e)
          ? 'Raised when the policy’s enforcement was lowered; the version history shows the change.'
          : 'The value itself is never stored. Its fingerprint is a keyed hash: the same value has the same fingerprint whoever sent it, so the same leaked value is recognised in other findings.'}
      </Text>
    </Stack>
  );
}
