// Server state of the SIEM export page: the destinations (refreshed every few seconds, so that lag and
// last success move while the page is open), their changes, and a destination's test event.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { paths } from '../api/schema';

export type NewDestination =
  paths['/api/v1/siem/destinations']['post']['requestBody']['content']['application/json'];
export type DestinationChange = NonNullable<
  paths['/api/v1/siem/destinations/{id}']['patch']['requestBody']
>['content']['application/json'];

const LIST = ['siem-destinations'] as const;

export function useSiemDestinations(enabled: boolean) {
  return useQuery({
    queryKey: LIST,
    enabled,
    refetchInterval: 2000,
    queryFn: async () => unwrap(await api.GET('/api/v1/siem/destinations')).destinations,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: LIST });
}

export function useCreateDestination() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NewDestination) => unwrap(await api.POST('/api/v1/siem/destinations', { body })),
    onSuccess: () => refresh(),
  });
}

export function useUpdateDestination() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: DestinationChange }) =>
      unwrap(await api.PATCH('/api/v1/siem/destinations/{id}', { params: { path: { id } }, body })),
    onSuccess: () => refresh(),
  });
}

export function useDeleteDestination() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      unwrap(await api.DELETE('/api/v1/siem/destinations/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(),
  });
}

export function useTestDestination() {
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      unwrap(await api.POST('/api/v1/siem/destinations/{id}/test', { params: { path: { id } } })),
  });
}
