// Server state of the people page: admins (an owner's to see and manage), developers (read by every
// admin, changed by owners and admins) and their changes. Developers are read newest first, a page of
// 100 at a time, with the status filter the API applies.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type AdminRole, type Developer, type DeveloperStatus } from '../api/client';

const ADMINS = ['admins'] as const;
const DEVELOPERS = 'developers';
const PAGE = 100;

export function useAdmins() {
  return useQuery({
    queryKey: ADMINS,
    queryFn: async () => unwrap(await api.GET('/api/v1/admins')).admins,
  });
}

function useAdminChange<Args, Result>(send: (args: Args) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMINS }),
  });
}

export function useInviteAdmin() {
  return useAdminChange(async (body: { email: string; role: AdminRole }) =>
    unwrap(await api.POST('/api/v1/admins', { body })),
  );
}

export function useChangeAdminRole() {
  return useAdminChange(async ({ id, role }: { id: string; role: AdminRole }) =>
    unwrap(await api.PATCH('/api/v1/admins/{id}', { params: { path: { id } }, body: { role } })),
  );
}

export function useRemoveAdmin() {
  return useAdminChange(async ({ id }: { id: string }) =>
    unwrap(await api.DELETE('/api/v1/admins/{id}', { params: { path: { id } } })),
  );
}

export function useDevelopers(status: DeveloperStatus | '') {
  return useInfiniteQuery({
    queryKey: [DEVELOPERS, status],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = {
        order: 'desc' as const,
        limit: PAGE,
        ...(pageParam ? { before: pageParam } : {}),
        ...(status ? { status } : {}),
      };
      const page: { developers: Developer[]; next_cursor: string | null } = unwrap(
        await api.GET('/api/v1/developers', { params: { query } }),
      );
      return page;
    },
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.developers),
  });
}

/** How many developers wait for approval (up to a page), for the notice above the list. */
export function usePendingCount() {
  return useQuery({
    queryKey: [DEVELOPERS, 'pending-count'],
    queryFn: async () => {
      const query = { order: 'desc' as const, limit: PAGE, status: 'pending' as const };
      return unwrap(await api.GET('/api/v1/developers', { params: { query } })).developers.length;
    },
  });
}

function useDeveloperChange<Args, Result>(send: (args: Args) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Offboarding revokes devices too: the devices page reads them again.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [DEVELOPERS] }),
        client.invalidateQueries({ queryKey: ['devices'] }),
      ]),
  });
}

export function useInviteDeveloper() {
  return useDeveloperChange(async (body: { email: string; name?: string }) =>
    unwrap(await api.POST('/api/v1/developers', { body })),
  );
}

export function useApproveDeveloper() {
  return useDeveloperChange(async ({ id }: { id: string }) =>
    unwrap(await api.POST('/api/v1/developers/{id}/approve', { params: { path: { id } } })),
  );
}

export function useOffboardDeveloper() {
  return useDeveloperChange(async ({ id, confirm }: { id: string; confirm: string }) =>
    unwrap(
      await api.POST('/api/v1/developers/{id}/offboard', { params: { path: { id } }, body: { confirm } }),
    ),
  );
}
