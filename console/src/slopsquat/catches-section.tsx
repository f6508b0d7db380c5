// Blocked installs: the slopsquat findings whose last sighting stopped an agent's install, newest first
// (or, at the admin's choice, every catch, alerts in prose included). Each leads to the Gateway request
// of its last sighting, shown in the activity's own drawer, and to the finding on the risk page.
import { useState } from 'react';
import { Alert, SegmentedControl, Text } from '@mantine/core';
import type { Activity } from '../api/client';
import { EmptyState } from '../ui/states';
import { NewestFirstLog } from '../ui/newest-first-log';
import { ActivityDetail } from '../activity/activity-detail';
import { useSlopsquatFindings, requestOf } from './slopsquat-queries';
import { CatchesTable } from './catches-table';
import type { SlopsquatFinding } from './format';

export function CatchesSection(props: { blockedOnly: boolean; onBlockedOnly(only: boolean): void }) {
  const feed = useSlopsquatFindings(props.blockedOnly);
  const [looking, setLooking] = useState<string | null>(null);
  const [request, setRequest] = useState<Activity | null>(null);
  const [missing, setMissing] = useState<string | null>(null);

  async function showRequest(f: SlopsquatFinding) {
    setLooking(f.id);
    setMissing(null);
    try {
      const found = await requestOf(f);
      if (found) setRequest(found);
      else
        setMissing(
          `No Gateway request of ${f.actor.name ?? f.actor.id} with ${f.rule} was recorded within a minute of ` +
            `the last sighting of ${f.evidence.package}: the activity may have been deleted under the retention settings.`,
        );
    } catch (err) {
      setMissing(err instanceof Error ? err.message : 'The request could not be read.');
    } finally {
      setLooking(null);
    }
  }

  return (
    <>
      <SegmentedControl
        aria-label="Which catches"
        value={props.blockedOnly ? 'blocked' : 'all'}
        onChange={(v) => props.onBlockedOnly(v === 'blocked')}
        data={[
          { value: 'blocked', label: 'Blocked installs' },
          { value: 'all', label: 'Every catch' },
        ]}
        w="max-content"
      />
      <Text size="sm" c="dimmed">
        {props.blockedOnly
          ? 'Installs the Gateway stopped: an agent’s tool call would have installed a package that does not exist, was published only days ago, is a security placeholder or a known hallucination. The agent was told why.'
          : 'Every package a model named that the Gateway judged suspect: stopped installs, and names in prose (install commands, manifests), which are recorded and never held back.'}
      </Text>
      {missing && (
        <Alert
          color="orange"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMissing(null)}
        >
          {missing}
        </Alert>
      )}
      <NewestFirstLog
        feed={feed}
        noun={props.blockedOnly ? ['blocked install', 'blocked installs'] : ['catch', 'catches']}
        loading="Loading the catches…"
        empty={
          <EmptyState title={props.blockedOnly ? 'No blocked installs' : 'Nothing caught yet'}>
            {props.blockedOnly
              ? 'With the slopsquat detector set to block (the Policy page), a tool call that would install a missing, young or placeholder package is stopped, and listed here.'
              : 'Suspect package names appear here when a model names them in an answer or a tool call.'}
          </EmptyState>
        }
      >
        {(rows) => <CatchesTable catches={rows} looking={looking} onRequest={(f) => void showRequest(f)} />}
      </NewestFirstLog>
      <ActivityDetail activity={request} onClose={() => setRequest(null)} />
    </>
  );
}
