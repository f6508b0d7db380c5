// The policy: enforcement, the built-in detectors' actions and allowlists, custom rules, the tools and
// their modes, and the version history. Everyone reads it; owners and admins change it. Every change is
// staged in one draft of the page (policy-draft.tsx) and saved together, as one version, from the save
// bar; the save goes over the version the page loaded (If-Match), and when someone else changed the
// policy first the review says so and offers to reload, keeping the staged changes.
import { Stack, Text, Title } from '@mantine/core';
import { canManage, useAdmin } from '../session/session-context';
import { ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { useDetectors, usePolicy, versionOf, type LoadedPolicy } from './policy-queries';
import { actionDetectors } from './format';
import { PolicyDraftProvider, usePolicyDraft } from './policy-draft';
import { EnforcementSection } from './enforcement-section';
import { DetectorCard } from './detector-card';
import { CustomRulesSection } from './custom-rules-section';
import { ToolsSection } from './tools-section';
import { VersionHistory } from './version-history';
import { SaveBar } from './save-bar';
import { LeaveGuard } from './leave-guard';

export function PolicyPage() {
  const manage = canManage(useAdmin());
  const policy = usePolicy();
  // The detectors' names and descriptions, from the server's registry: the cards wait for them.
  const detectors = useDetectors();
  const inForce = versionOf(policy.data?.etag);

  return (
    <Stack>
      <PageHeader title="Policy">
        What the Gateway does with secrets, personal data, packages models invent and your own rules in what
        developers&apos; tools send and receive. Changes are saved together, as a new version that applies
        from the next request, is recorded in the audit log and is kept below.
      </PageHeader>

      {policy.isPending || detectors.isPending ? (
        <Loading label="Loading the policy…" />
      ) : policy.isError ? (
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />
      ) : detectors.isError ? (
        <ErrorState error={detectors.error} onRetry={() => void detectors.refetch()} />
      ) : (
        <PolicyDraftProvider loaded={policy.data}>
          {inForce && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Version {inForce} is in force.
            </Text>
          )}
          <Sections loaded={policy.data} manage={manage} />
          <VersionHistory inForce={inForce} />
          {manage && <Saving />}
        </PolicyDraftProvider>
      )}
      {!(policy.data && detectors.data) && <VersionHistory inForce={inForce} />}
    </Stack>
  );
}

function Sections({ loaded, manage }: { loaded: LoadedPolicy; manage: boolean }) {
  return (
    <>
      <EnforcementSection canManage={manage} />
      <Title order={2} size="h4">
        Detectors
      </Title>
      {actionDetectors(loaded.document).map((d) => (
        <DetectorCard key={d} detector={d} canManage={manage} />
      ))}
      {loaded.document.detectors.slopsquat && <DetectorCard detector="slopsquat" canManage={manage} />}
      <CustomRulesSection canManage={manage} />
      <ToolsSection canManage={manage} />
    </>
  );
}

/** The save bar after everything it counts, and the question asked before leaving with changes. */
function Saving() {
  const { changes } = usePolicyDraft();
  return (
    <>
      <SaveBar />
      <LeaveGuard unsaved={changes.length} />
    </>
  );
}
