// The audit log newest first, over an API that pages oldest first (the SIEM pull). The page reads the
// chosen range forwards through the cursor, shows it reversed, and keeps the last cursor so that
// "Check for newer events" reads only what was appended since. Why: docs/decisions/console.md.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type AuditEvent } from '../api/client';

export interface AuditFilters {
  action: string;
  actorId: string;
  /** RFC 3339, or '' for no bound. */
  since: string;
  until: string;
}

export interface AuditFeed {
  /** Newest first. */
  events: AuditEvent[];
  /** The cursor after the newest event read. */
  cursor: string | null;
  /** True when the range held more than MAX_EVENTS and reading stopped. */
  truncated: boolean;
}

const PAGE = 1000;
export const MAX_EVENTS = 20_000;

async function readForward(filters: AuditFilters, after: string | null) {
  const events: AuditEvent[] = [];
  let cursor = after;
  for (;;) {
    const query = {
      limit: PAGE,
      ...(cursor ? { after: cursor } : {}),
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.actorId ? { actor_id: filters.actorId } : {}),
      ...(filters.since ? { since: filters.since } : {}),
      ...(filters.until ? { until: filters.until } : {}),
    };
    const page = unwrap(await api.GET('/api/v1/audit/events', { params: { query } }));
    events.push(...page.events);
    cursor = page.next_cursor ?? cursor;
    if (page.events.length < PAGE) return { events, cursor, truncated: false };
    if (events.length >= MAX_EVENTS) return { events, cursor, truncated: true };
  }
}

const keyOf = (filters: AuditFilters) => ['audit', filters] as const;

export function useAuditFeed(filters: AuditFilters) {
  return useQuery({
    queryKey: keyOf(filters),
    queryFn: async (): Promise<AuditFeed> => {
      const read = await readForward(filters, null);
      return { events: read.events.reverse(), cursor: read.cursor, truncated: read.truncated };
    },
  });
}

/** Reads the events appended after the feed's cursor and puts them on top. */
export function useNewerEvents(filters: AuditFilters) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const feed = client.getQueryData<AuditFeed>(keyOf(filters));
      const read = await readForward(filters, feed?.cursor ?? null);
      client.setQueryData<AuditFeed>(keyOf(filters), (old) =>
        old
          ? {
              events: [...read.events.reverse(), ...old.events],
              cursor: read.cursor,
              truncated: old.truncated || read.truncated,
            }
          : old,
      );
      return read.events.length;
    },
  });
}
