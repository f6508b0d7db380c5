// Risk findings for the suites that seed a store in bulk (summary, scale): `n` secret findings spread
// evenly over [start, start + spanMs), every severity in turn, one in three resolved, written in
// batches of 500 straight into the table (the findings' writer would merge nothing here: each is new).
import { SEVERITIES } from '../shared/policy-terms.ts';
import type { Store } from '../server/src/store/database.ts';

export async function seedFindings(
  store: Store,
  n: number,
  start: number,
  spanMs: number,
  idPrefix: string,
): Promise<void> {
  for (let i = 0; i < n; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(n, i + 500); j++) {
      const t = start + Math.floor((j / n) * spanMs);
      const resolved = j % 3 === 0;
      rows.push({
        id: `${idPrefix}${j}`,
        fingerprint: `fp${j}`,
        kind: 'secret',
        severity: SEVERITIES[j % SEVERITIES.length]!,
        rule: 'aws-access-key',
        detector: 'secrets',
        actor_type: 'developer',
        actor_id: `dev_bench${j % 200}`,
        actor_name: null,
        provider: null,
        model: null,
        tool: null,
        first_seen: t,
        last_seen: t,
        count: 1,
        status: resolved ? ('resolved' as const) : ('open' as const),
        resolved_at: resolved ? t : null,
        resolved_by: null,
        resolution_note: null,
        evidence: '{}',
      });
    }
    await store.db.insertInto('risk_findings').values(rows).execute();
  }
}
