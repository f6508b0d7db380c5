// The policy: enforcement, the built-in detectors' actions and allowlists, custom rules, the tools and
// their modes, and the version history. Everyone reads it; owners and admins change it. Each change is saved over the version the
// page loaded (If-Match); when someone else changed the policy first, the card or dialog that saved
// says so and offers to reload, keeping the edits being made.
import { Stack, Text, Title } from '@mantine/core';
import { canManage, useAdmin } from '../session/session-context';
import { ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { useDetectors, usePolicy, versionOf } from './policy-queries';
import { actionDetectors } from './format';
import { EnforcementSection } from './enforcement-section';
import { DetectorCard } from './detector-card';
import { CustomRulesSection } from './custom-rules-section';
import { ToolsSection } from './tools-section';
import { VersionHistory } from './version-history';

export function PolicyPage() {
  const manage = canManage(useAdmin());
  const policy = usePolicy();
  // The detectors' names and descriptions, from the server's registry: the cards wait for them.
  const detectors = useDetectors();
  const inForce = versionOf(policy.data?.etag);

  return (
    <Stack>
      <PageHeader title="Policy">
        What the Gateway does with secrets, personal data and your own rules in what developers&apos; tools
        send and receive. A change applies from the next request, is recorded in the audit log and is kept
        below as a version.
      </PageHeader>

      {policy.isPending || detectors.isPending ? (
        <Loading label="Loading the policy…" />
      ) : policy.isError ? (
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />
      ) : detectors.isError ? (
        <ErrorState error={detectors.error} onRetry={() => void detectors.refetch()} />
      ) : (
        <>
          {inForce && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Version {inForce} is in force.
            </Text>
          )}
          <EnforcementSection loaded={policy.data} canManage={manage} />
          <Title order={2} size="h4">
            Detectors
          </Title>
          {actionDetectors(policy.data.document).map((d) => (
            // A change to this detector from elsewhere (a reload) starts its card again from the saved
            // settings; a change to anything else keeps what the admin is editing here.
            <DetectorCard
              key={`${d}:${JSON.stringify(policy.data.document.detectors[d])}`}
              detector={d}
              loaded={policy.data}
              canManage={manage}
            />
          ))}
          <CustomRulesSection loaded={policy.data} canManage={manage} />
          <ToolsSection loaded={policy.data} canManage={manage} />
        </>
      )}

      <VersionHistory inForce={inForce} />
    </Stack>
  );
}
