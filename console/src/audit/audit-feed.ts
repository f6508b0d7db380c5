// The audit log newest first, 100 events to a page, filtered by action, actor and time.
import { api, unwrap } from '../api/client';
import { given, useNewestFirstFeed } from '../ui/newest-first-feed';
import type { TimeRange } from '../ui/filter-bar';

export interface AuditFilters extends TimeRange {
  action: string;
  actorId: string;
}

export function useAuditFeed(filters: AuditFilters) {
  return useNewestFirstFeed({
    name: 'audit',
    filters,
    pageSize: 100,
    readPage: async (paging) => {
      const { action, actorId, since, until } = filters;
      const query = { ...paging, ...given({ action, actor_id: actorId, since, until }) };
      const page = unwrap(await api.GET('/api/v1/audit/events', { params: { query } }));
      return { rows: page.events, nextCursor: page.next_cursor };
    },
  });
}
