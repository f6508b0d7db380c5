// Server state of the risk findings page. The API pages findings in order of first sighting; the page
// shows them most severe first, so it reads one severity after the other (critical, then high, …), each
// newest first with its own cursor, and a page of 100 may span several. A critical finding is thus
// never behind "Load more", whatever the number of lesser ones.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  unwrap,
  type FindingKind,
  type FindingStatus,
  type RiskFinding,
  type Severity,
} from '../api/client';
import { given } from '../ui/newest-first-feed';
import type { TimeRange } from '../ui/filter-bar';
import { SEVERITY_ORDER } from '../policy/format';
import { ordered } from './format';

export interface RiskFilters extends TimeRange {
  status: FindingStatus | '';
  severity: Severity | '';
  kind: FindingKind | '';
  rule: string;
  actorId: string;
}

const PAGE = 100;
const LIST = 'risk-findings';

/** Where the next page starts: a severity (its place in the walk) and that severity's cursor. */
interface Cursor {
  step: number;
  before?: string;
}

export function useRiskFindings(filters: RiskFilters) {
  return useInfiniteQuery({
    queryKey: [LIST, filters],
    initialPageParam: { step: 0 } as Cursor,
    queryFn: async ({ pageParam }) => {
      const { severity, actorId, ...rest } = filters;
      const walk = severity ? [severity] : SEVERITY_ORDER;
      const rows: RiskFinding[] = [];
      let cursor: Cursor | null = pageParam;
      while (cursor && rows.length < PAGE) {
        const query = {
          order: 'desc' as const,
          limit: PAGE - rows.length,
          severity: walk[cursor.step]!,
          ...(cursor.before ? { before: cursor.before } : {}),
          ...given({ ...rest, actor_id: actorId }),
        };
        const page: { findings: RiskFinding[]; next_cursor: string | null } = unwrap(
          await api.GET('/api/v1/risk/findings', { params: { query } }),
        );
        rows.push(...page.findings);
        if (page.next_cursor) cursor = { step: cursor.step, before: page.next_cursor };
        else cursor = cursor.step + 1 < walk.length ? { step: cursor.step + 1 } : null;
      }
      return { rows, next: cursor };
    },
    getNextPageParam: (last) => last.next,
    select: (data) => ordered(data.pages.flatMap((p) => p.rows)),
  });
}

export function useRiskFinding(id: string | null) {
  return useQuery({
    queryKey: ['risk-finding', id],
    enabled: id !== null,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/risk/findings/{id}', { params: { path: { id: id! } } })),
  });
}

export function useResolveFinding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note: string }) =>
      unwrap(
        await api.POST('/api/v1/risk/findings/{id}/resolve', {
          params: { path: { id } },
          body: note.trim() ? { note: note.trim() } : {},
        }),
      ),
    onSuccess: (finding) => {
      client.setQueryData(['risk-finding', finding.id], finding);
      return client.invalidateQueries({ queryKey: [LIST] });
    },
  });
}
