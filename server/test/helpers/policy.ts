// Setting the policy through the management API, as infrastructure-as-code would, for tests that need
// the Gateway to act on what it finds; and reading what it recorded.
import type { Action, CustomRule, PolicyDocument, ToolSetting } from '../../src/policy/policy-types.ts';
import type { SlopsquatSettings } from '../../src/policy/detectors/slopsquat.ts';
import type { ApiClient } from './api-client.ts';

/**
 * A policy with the given actions (secrets, PII) and custom rules; `enforce` unless said otherwise. The
 * slopsquat detector is off unless given: it asks package registries, which only its own tests fake.
 */
export function policyDoc(
  secrets: Action,
  options: {
    pii?: Action;
    custom?: CustomRule[];
    slopsquat?: SlopsquatSettings;
    enforcement?: PolicyDocument['enforcement'];
    tools?: ToolSetting[];
  } = {},
): PolicyDocument {
  return {
    enforcement: options.enforcement ?? 'enforce',
    detectors: {
      secrets: { action: secrets, allowlist: [] },
      pii: { action: options.pii ?? 'off', allowlist: [] },
      custom: options.custom ?? [],
      slopsquat: options.slopsquat ?? { action: 'off', young_days: 30, allowlist: [] },
    },
    tools: options.tools ?? [],
  };
}

/** Replaces the policy whatever its version (If-Match: *); throws unless it took. */
export async function setPolicy(admin: ApiClient, doc: PolicyDocument): Promise<void> {
  const res = await admin.request('PUT', '/api/v1/policy', doc, { 'if-match': '*' });
  if (res.status !== 200) throw new Error(`PUT /api/v1/policy: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The policy in force as the API gives it, with the ETag of its version. */
export async function policyOf(client: ApiClient): Promise<{ document: any; etag: string }> {
  const res = await client.get('/api/v1/policy');
  if (res.status !== 200) throw new Error(`GET /api/v1/policy: ${res.status} ${JSON.stringify(res.body)}`);
  return { document: res.body, etag: res.headers.get('etag')! };
}

/**
 * Another writer's change (an infrastructure-as-code run), made over the version it reads, as a page's
 * stale save would meet it; throws unless it took.
 */
export async function changePolicyAs(client: ApiClient, edit: (doc: any) => void): Promise<void> {
  const theirs = await policyOf(client);
  edit(theirs.document);
  const res = await client.request('PUT', '/api/v1/policy', theirs.document, { 'if-match': theirs.etag });
  if (res.status !== 200) throw new Error(`PUT /api/v1/policy: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface FindingView {
  id: string;
  rule: string;
  kind: string;
  count: number;
  status: string;
  evidence: Record<string, unknown>;
  [k: string]: unknown;
}

/** The risk findings for a rule, once at least `count` have been written (they are written in batches). */
export async function findingsFor(admin: ApiClient, rule: string, count = 1): Promise<FindingView[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await admin.get<{ findings: FindingView[] }>(
      `/api/v1/risk/findings?rule=${encodeURIComponent(rule)}&limit=100`,
    );
    if (res.status !== 200) throw new Error(`findings: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.findings.length >= count) return res.body.findings;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} findings for ${rule}, found ${res.body.findings.length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
