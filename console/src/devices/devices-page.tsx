// Devices: every developer machine signed in to the Gateway, newest first, filtered by status and by
// developer (both in the address: ?status=active&developer=dvl_…, which the people page links to), or
// one device of a developer (&device=dvc_…, which a request's detail links to); for owners and admins
// revoke, behind a confirmation.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Center, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { Device, DeviceStatus } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { DEVICE_STATUSES } from '../people/format';
import { useDeveloper, useDevices, type DeviceFilters } from './device-queries';
import { DeviceTable } from './device-table';
import { RevokeDeviceDialog } from './revoke-device-dialog';

function readFilters(params: URLSearchParams): DeviceFilters {
  const status = params.get('status') as DeviceStatus | null;
  return {
    status: status && DEVICE_STATUSES.includes(status) ? status : '',
    developerId: params.get('developer')?.slice(0, 64) ?? '',
  };
}

function writeFilters(f: DeviceFilters): Record<string, string> {
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.developerId ? { developer: f.developerId } : {}),
  };
}

export function DevicesPage() {
  const manage = canManage(useAdmin());
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const devices = useDevices(filters);
  const developer = useDeveloper(filters.developerId);
  const [revoking, setRevoking] = useState<Device | null>(null);
  // One device: among its developer's (the API lists by developer), the others left out.
  const deviceId = filters.developerId ? (params.get('device')?.slice(0, 64) ?? '') : '';
  const rows = (devices.data ?? []).filter((d) => !deviceId || d.id === deviceId);

  return (
    <Stack>
      <PageHeader title="Devices">
        The developers&apos; machines signed in with the Gatehouse client. Revoking one ends its sessions: its
        tools are refused by the Gateway from their next request.
      </PageHeader>
      <Group align="flex-end">
        <NativeSelect
          label="Status"
          value={filters.status}
          onChange={(e) =>
            setParams(writeFilters({ ...filters, status: e.currentTarget.value as DeviceStatus | '' }))
          }
          data={[
            { value: '', label: 'Any status' },
            { value: 'active', label: 'Active' },
            { value: 'revoked', label: 'Revoked' },
          ]}
          w={160}
        />
        {filters.developerId && (
          <Group gap="xs">
            <Text size="sm">
              Devices of <b>{developer.data?.email ?? filters.developerId}</b>
            </Text>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setParams(writeFilters({ ...filters, developerId: '' }))}
            >
              Show every developer&apos;s devices
            </Button>
            {deviceId && (
              <Button variant="subtle" size="xs" onClick={() => setParams(writeFilters(filters))}>
                Show all their devices
              </Button>
            )}
          </Group>
        )}
      </Group>
      {devices.isPending ? (
        <Loading label="Loading devices…" />
      ) : devices.isError && rows.length === 0 ? (
        <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />
      ) : rows.length === 0 ? (
        filters.status || filters.developerId ? (
          <EmptyState title="No devices match">Clear the filters to see every device.</EmptyState>
        ) : (
          <EmptyState title="No devices yet">
            A device appears here when a developer signs a machine in with <code>gatehouse-client login</code>{' '}
            and approves it in the console.
          </EmptyState>
        )
      ) : (
        <>
          <DeviceTable devices={rows} canManage={manage} onRevoke={setRevoking} />
          {devices.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={devices.isFetchingNextPage}
                onClick={() => void devices.fetchNextPage()}
              >
                Load more devices
              </Button>
            </Center>
          )}
        </>
      )}
      {manage && <RevokeDeviceDialog device={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}
