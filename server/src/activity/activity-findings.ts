// An activity record's findings (finding_ids): joined when a page is read, never written on the
// Gateway's path. One query per page (by the page's request ids), spliced into the stored documents
// as they are served, like signal_actions (activity-store.ts withSignalActions).
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { findingIdsOfRequests } from '../risk/finding-requests.ts';

// A record opens with its id, time and request_id (activity-store.ts toRow), all the Gateway's own
// values, so the first request_id member in the text is the record's.
const REQUEST_ID = /"request_id":"([^"\\]*)"/;

const requestIdOf = (doc: string) => REQUEST_ID.exec(doc)?.[1];

/** The page's documents, each with `finding_ids`: the findings its request raised or repeated. */
export async function withFindingIds(db: Kysely<Database>, docs: string[]): Promise<string[]> {
  if (docs.length === 0) return docs;
  const ids = docs.map(requestIdOf);
  const findings = await findingIdsOfRequests(
    db,
    ids.filter((id): id is string => id !== undefined),
  );
  return docs.map((doc, i) => {
    const found = (ids[i] !== undefined && findings.get(ids[i])) || [];
    return `${doc.slice(0, doc.lastIndexOf('}'))},"finding_ids":${JSON.stringify(found)}}`;
  });
}
