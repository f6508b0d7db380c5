// Slopsquat: the package names models told developers' agents to install that the Gateway caught, the
// installs it stopped, what the public observatory feed publishes, and the observatory's settings, on
// four tabs. The tab and the lists' filters live in the address (?tab=blocked, ?ecosystem=npm), so that
// a view can be linked and reloaded. How the detector acts (block, alert, off; the young window) is the
// policy's, set on the Policy page; this page says what it is.
import { Link, useSearchParams } from 'react-router';
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import type { Ecosystem } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { usePolicy } from '../policy/policy-queries';
import { ECOSYSTEMS } from './format';
import { useObservatorySettings, type NameFilters } from './slopsquat-queries';
import { NamesSection } from './names-section';
import { CatchesSection } from './catches-section';
import { FeedSection } from './feed-section';
import { SettingsSection } from './settings-section';

const TABS = ['names', 'blocked', 'feed', 'settings'] as const;
type Tab = (typeof TABS)[number];

function readNameFilters(params: URLSearchParams): NameFilters {
  const ecosystem = params.get('ecosystem') as Ecosystem | null;
  const published = params.get('published');
  return {
    ecosystem: ecosystem && ECOSYSTEMS.includes(ecosystem) ? ecosystem : '',
    published: published === 'yes' || published === 'no' ? published : '',
  };
}

/** What the policy has the detector do, in one line. */
function Detection() {
  const policy = usePolicy();
  const s = policy.data?.document.detectors.slopsquat;
  if (!s) return null;
  const enforcement = policy.data!.document.enforcement;
  const what =
    s.action === 'off' || enforcement === 'off'
      ? 'Detection is off: no package name is looked up.'
      : s.action === 'block' && enforcement === 'enforce'
        ? `Detection blocks: an agent’s install of a package that does not exist, was first published within ${s.young_days} days, is a security placeholder or a known hallucination is stopped; names in prose are recorded.`
        : `Detection records only (${s.action === 'alert' ? 'the detector is set to alert' : 'the policy is in monitor mode'}): nothing is stopped.`;
  return (
    <Text size="sm">
      {what}{' '}
      <Anchor component={Link} to="/policy" size="sm">
        The Policy page sets it.
      </Anchor>
    </Text>
  );
}

export function SlopsquatPage() {
  const manage = canManage(useAdmin());
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && TABS.includes(wanted) ? wanted : 'names';
  const settings = useObservatorySettings();

  /** The address for a tab and its own filters; another tab's filters are left behind. */
  const go = (next: Tab, extra: Record<string, string> = {}) =>
    setParams(
      Object.fromEntries(
        Object.entries({ ...(next === 'names' ? {} : { tab: next }), ...extra }).filter(([, v]) => v),
      ),
    );

  return (
    <Stack>
      <PageHeader title="Slopsquat">
        Packages that models tell developers&apos; agents to install, checked against their registries: names
        that do not exist (invented, and free for an attacker to register), were published only days ago, are
        a registry&apos;s security placeholder or sit one edit from a popular package. The invented ones feed
        a public, anonymised observatory.
      </PageHeader>
      <Detection />
      {settings.isPending ? (
        <Loading label="Loading the observatory’s settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Tabs value={tab} onChange={(v) => go((v as Tab | null) ?? 'names')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="names">Names caught</Tabs.Tab>
            <Tabs.Tab value="blocked">Blocked installs</Tabs.Tab>
            <Tabs.Tab value="feed">Public feed</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="names" pt="md">
            <Stack>
              <NamesSection
                filters={readNameFilters(params)}
                onFilters={(f) => go('names', { ...f })}
                k={settings.data.k}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="blocked" pt="md">
            <Stack>
              <CatchesSection
                blockedOnly={params.get('catches') !== 'all'}
                onBlockedOnly={(only) => go('blocked', only ? {} : { catches: 'all' })}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="feed" pt="md">
            <Stack>
              <FeedSection settings={settings.data} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <SettingsSection settings={settings.data} canManage={manage} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
