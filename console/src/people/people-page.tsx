// People: developers (who use AI tools through the Gateway) and admins (who use this console), on two
// tabs. The tab and the developers' status filter live in the address (?tab=admins, ?status=pending),
// so that a view can be linked and reloaded.
import { useSearchParams } from 'react-router';
import { Stack, Tabs } from '@mantine/core';
import type { DeveloperStatus } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { PageHeader } from '../ui/page-header';
import { DEVELOPER_STATUSES } from './format';
import { DevelopersSection } from './developers-section';
import { AdminsSection } from './admins-section';

export function PeoplePage() {
  const manage = canManage(useAdmin());
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'admins' ? 'admins' : 'developers';
  const wanted = params.get('status') as DeveloperStatus | null;
  const status = wanted && DEVELOPER_STATUSES.includes(wanted) ? wanted : '';

  return (
    <Stack>
      <PageHeader title="People">
        Developers reach the AI providers through the Gateway from the devices they sign in; admins use this
        console.
      </PageHeader>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'admins' ? { tab: 'admins' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="developers">Developers</Tabs.Tab>
          <Tabs.Tab value="admins">Admins</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="developers" pt="md">
          <DevelopersSection
            status={status}
            onStatus={(s) => setParams(s ? { status: s } : {})}
            canManage={manage}
          />
        </Tabs.Panel>
        <Tabs.Panel value="admins" pt="md">
          <AdminsSection />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
