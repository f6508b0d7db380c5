// Server state of the devices page: devices newest first (by sign-in), a page of 100 at a time, by
// status and developer as the API filters them; one developer's record for the filter's name; revoking.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Device, type DeviceStatus } from '../api/client';

const DEVICES = 'devices';
const PAGE = 100;

export interface DeviceFilters {
  status: DeviceStatus | '';
  developerId: string;
}

export function useDevices(filters: DeviceFilters) {
  return useInfiniteQuery({
    queryKey: [DEVICES, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = {
        order: 'desc' as const,
        limit: PAGE,
        ...(pageParam ? { before: pageParam } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.developerId ? { developer_id: filters.developerId } : {}),
      };
      const page: { devices: Device[]; next_cursor: string | null } = unwrap(
        await api.GET('/api/v1/devices', { params: { query } }),
      );
      return page;
    },
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.devices),
  });
}

export function useDeveloper(id: string) {
  return useQuery({
    queryKey: ['developer', id],
    enabled: id !== '',
    queryFn: async () => unwrap(await api.GET('/api/v1/developers/{id}', { params: { path: { id } } })),
  });
}

export function useRevokeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      unwrap(await api.POST('/api/v1/devices/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: [DEVICES] }),
  });
}
