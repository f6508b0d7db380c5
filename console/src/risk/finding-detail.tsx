// One finding, every field of it, in a drawer: read again by id when it opens (its count and status
// change after the table was read). The evidence is what the API keeps instead of the value: what kind
// of value it was, a keyed fingerprint of it, and where it was. Admins may resolve an open finding. A
// finding links to the requests that raised or repeated it, exactly: all it keeps on the activity page,
// and each of its latest by request id.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { RiskFinding } from '../api/client';
import { formatTime } from '../activity/format';
import { ErrorState, Loading } from '../ui/states';
import { party } from '../policy/format';
import { useDetectorLabel } from '../policy/policy-queries';
import { SeverityBadge, StatusBadge } from './risk-badges';
import { KIND_LABEL, isEnforcement, isMcpTool, isSlopsquat, suspectBecause, where } from './format';
import { useRiskFinding } from './risk-queries';
import { ResolveFindingDialog } from './resolve-finding-dialog';
import { DetailRow } from '../ui/detail-row';
import { requestHref, requestsOfFinding } from '../activity/request-links';

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

/**
 * The requests that raised or repeated it: how many, linked to the activity of exactly those (the ones
 * it keeps), and its latest by id, each to its request's detail.
 */
function Requests({ f }: { f: RiskFinding }) {
  if (f.requests_count === 0)
    return isEnforcement(f.evidence)
      ? '— (a policy change: its audit event names the API request)'
      : '— (none recorded)';
  const n = f.requests_count.toLocaleString('en');
  return (
    <Stack gap={4} align="flex-start">
      <Anchor component={Link} to={requestsOfFinding(f.id)} size="sm">
        {`${n} ${f.requests_count === 1 ? 'request' : 'requests'}`}
      </Anchor>
      <Group gap="xs">
        {f.request_ids.map((id) => (
          <Anchor key={id} component={Link} to={requestHref(id)} size="xs" ff="monospace">
            {id}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** A value shown as typed: a rule id, a pin, a package, a location. */
const mono = (value: string) => (
  <Text ff="monospace" size="sm">
    {value}
  </Text>
);

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
          <DetailRow label="Rule" value={mono(f.rule)} />
          <DetailRow label="Detector" value={f.detector ? labelOf(f.detector) : '—'} />
          <DetailRow label="Who" value={`${f.actor.name ?? f.actor.id} (${f.actor.type} ${f.actor.id})`} />
          <DetailRow label="Where" value={where(f)} />
          <DetailRow label="First seen" value={formatTime(f.first_seen)} />
          <DetailRow label="Last seen" value={formatTime(f.last_seen)} />
          <DetailRow label="Count" value={f.count.toLocaleString('en')} />
          <DetailRow label="Requests" value={<Requests f={f} />} />
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
          ) : isMcpTool(e) ? (
            <>
              <DetailRow label="MCP server" value={e.server} />
              <DetailRow label="Tool" value={e.tool} />
              <DetailRow
                label="Pin"
                value={mono(e.previous_sha256 ? `${e.previous_sha256} → ${e.sha256}` : e.sha256)}
              />
              {e.changed && <DetailRow label="Changed" value={e.changed.join(', ')} />}
              {e.signals && (
                <DetailRow
                  label="Signals"
                  value={e.signals.map((x) => `${x.rule} (${x.location})`).join(', ')}
                />
              )}
            </>
          ) : isSlopsquat(e) ? (
            <>
              <DetailRow
                label="Package"
                value={mono(`${e.ecosystem} ${e.package}${e.version ? ` ${e.version}` : ''}`)}
              />
              <DetailRow label="Why" value={suspectBecause(e)} />
              <DetailRow
                label="Read from"
                value={
                  e.source === 'tool_call'
                    ? `a tool call${e.tool_call ? ` (${e.tool_call})` : ''}`
                    : e.source === 'manifest'
                      ? 'a manifest in the answer'
                      : 'an install command in the answer'
                }
              />
              <DetailRow label="Action" value={e.action === 'blocked' ? 'Install blocked' : 'Recorded'} />
              <DetailRow
                label="Score"
                value={`${e.score}${e.weak.length ? ` (${e.weak.join(', ')})` : ''}`}
              />
              <DetailRow label="Location" value={mono(e.location)} />
            </>
          ) : (
            <>
              <DetailRow label="Value kind" value={e.kind} />
              <DetailRow label="Fingerprint" value={mono(e.fingerprint)} />
              <DetailRow
                label="Found in"
                value={e.where === 'request' ? 'what the caller sent' : 'the provider’s answer'}
              />
              <DetailRow label="Location" value={mono(e.location)} />
            </>
          )}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {isEnforcement(e)
          ? 'Raised when the policy’s enforcement was lowered; the version history shows the change.'
          : isMcpTool(e)
            ? 'Raised when a tools/list through the Gateway showed it; approve or block the tool on the MCP servers page.'
            : isSlopsquat(e)
              ? 'Raised when a model named this package in an install it told an agent to run, or recommended it. If it is your own package, allowlist it in the policy’s slopsquatting detector.'
              : 'The value itself is never stored. Its fingerprint is a keyed hash: the same value has the same fingerprint whoever sent it, so the same leaked value is recognised in other findings.'}
      </Text>
    </Stack>
  );
}
