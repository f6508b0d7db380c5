// Server state of the overview: the activity summary of the chosen window, the Gateway's provider
// health, and the few reads the first-run checklist needs (each a page of one row: whether any exists).
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useProviderKeys } from '../provider-keys/provider-key-queries';
import type { SetupFacts } from './checklist';
import type { SummaryWindow } from './summary-types';

/** The figures change with every request: read again each minute while the page is open. */
const REFRESH_MS = 60_000;

export function useActivitySummary(window: SummaryWindow) {
  return useQuery({
    queryKey: ['activity-summary', window],
    queryFn: async () => unwrap(await api.GET('/api/v1/activity/summary', { params: { query: { window } } })),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useGatewayStatus() {
  return useQuery({
    queryKey: ['gateway-status'],
    queryFn: async () => unwrap(await api.GET('/api/v1/gateway/status')),
    refetchInterval: REFRESH_MS,
  });
}

/** How many rows a list has, up to one: enough to tell whether a step was done. */
function useAny(key: string, read: () => Promise<unknown[]>) {
  return useQuery({ queryKey: ['checklist', key], queryFn: async () => (await read()).length });
}

export function useSetupFacts(): SetupFacts {
  const keys = useProviderKeys();
  const one = { order: 'desc' as const, limit: 1 };
  const developers = useAny(
    'developers',
    async () => unwrap(await api.GET('/api/v1/developers', { params: { query: one } })).developers,
  );
  const devices = useAny(
    'devices',
    async () => unwrap(await api.GET('/api/v1/devices', { params: { query: one } })).devices,
  );
  const requests = useAny(
    'activity',
    async () => unwrap(await api.GET('/api/v1/activity', { params: { query: one } })).activity,
  );
  const policy = useQuery({
    queryKey: ['checklist', 'policy-version'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/policy/versions', { params: { query: { limit: 1 } } })).versions[0]
        ?.version ?? 1,
  });
  return {
    providerKeys: keys.data?.length,
    developers: developers.data,
    devices: devices.data,
    requests: requests.data,
    policyVersion: policy.data,
  };
}
