// The audit log newest first: one request per page (order=desc), the next, older page asked with the
// last page's next_cursor as `before`; next_cursor is null after the oldest event.
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export interface AuditFilters {
  action: string;
  actorId: string;
  /** RFC 3339, or '' for no bound. */
  since: string;
  until: string;
}

export const NO_FILTERS: AuditFilters = { action: '', actorId: '', since: '', until: '' };

const PAGE = 100;

export function useAuditFeed(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = {
        order: 'desc' as const,
        limit: PAGE,
        ...(pageParam ? { before: pageParam } : {}),
        ...(filters.action ? { action: filters.action } : {}),
        ...(filters.actorId ? { actor_id: filters.actorId } : {}),
        ...(filters.since ? { since: filters.since } : {}),
        ...(filters.until ? { until: filters.until } : {}),
      };
      return unwrap(await api.GET('/api/v1/audit/events', { params: { query } }));
    },
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.events),
  });
}
