// Gateway activity newest first, 50 Gateway requests to a page, filtered by outcome, provider, model,
// tool, caller and time.
import { api, unwrap, type Outcome, type ProviderFamily } from '../api/client';
import { given, useNewestFirstFeed } from '../ui/newest-first-feed';
import type { TimeRange } from '../ui/filter-bar';

export interface ActivityFilters extends TimeRange {
  outcome: Outcome | '';
  provider: ProviderFamily | '';
  model: string;
  tool: string;
  actorId: string;
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

export function useActivityFeed(filters: ActivityFilters) {
  return useNewestFirstFeed({
    name: 'activity',
    filters,
    pageSize: 50,
    readPage: async (paging) => {
      const { actorId, ...rest } = filters;
      const query = { ...paging, ...given({ ...rest, actor_id: actorId }) };
      const page = unwrap(await api.GET('/api/v1/activity', { params: { query } }));
      return { rows: page.activity, nextCursor: page.next_cursor };
    },
  });
}
