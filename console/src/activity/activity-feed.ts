// Gateway activity newest first: one request per page (order=desc), the next, older page asked with the
// last page's next_cursor as `before`; next_cursor is null after the oldest request.
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap, type Outcome, type ProviderFamily } from '../api/client';

export interface ActivityFilters {
  outcome: Outcome | '';
  provider: ProviderFamily | '';
  model: string;
  tool: string;
  actorId: string;
  /** RFC 3339, or '' for no bound. */
  since: string;
  until: string;
}

export const NO_FILTERS: ActivityFilters = {
  outcome: '',
  provider: '',
  model: '',
  tool: '',
  actorId: '',
  since: '',
  until: '',
};

export const isFiltered = (f: ActivityFilters) => Object.values(f).some((v) => v !== '');

const PAGE = 50;

export function useActivityFeed(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: ['activity', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = {
        order: 'desc' as const,
        limit: PAGE,
        ...(pageParam ? { before: pageParam } : {}),
        ...(filters.outcome ? { outcome: filters.outcome } : {}),
        ...(filters.provider ? { provider: filters.provider } : {}),
        ...(filters.model ? { model: filters.model } : {}),
        ...(filters.tool ? { tool: filters.tool } : {}),
        ...(filters.actorId ? { actor_id: filters.actorId } : {}),
        ...(filters.since ? { since: filters.since } : {}),
        ...(filters.until ? { until: filters.until } : {}),
      };
      return unwrap(await api.GET('/api/v1/activity', { params: { query } }));
    },
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.activity),
  });
}
