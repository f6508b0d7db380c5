// The overview's own logic (console/src/overview/ and the activity's links), pure modules the console
// imports: bucket labels per bucket size, where each number leads (read back through the activity and
// risk pages' own URL readers, so that a link and the page agree), the links between a request and its
// findings, and the first-run checklist's state.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bucketLabel, bucketRange, bucketSpan, windowPhrase } from '../../../console/src/overview/buckets.ts';
import { checklistSteps, showChecklist, type SetupFacts } from '../../../console/src/overview/checklist.ts';

// The link modules import the console's API types, which this type-check (Node's, with no DOM) cannot
// follow into the API client: they are loaded at run time, as the console's bundler loads them, and
// typed here by hand.
type Window = { from: string; until: string };
type Filters = Record<string, string>;
const CONSOLE = '../../../console/src';
const links = (await import(`${CONSOLE}/overview/overview-links.ts`)) as {
  DEVICES_SIGNED_IN_HREF: string;
  totalHref(key: string, w: Window): string;
  bucketHref(key: string, start: string, bucketSeconds: number): string;
  topHref(
    kind: string,
    entry: { name: string; requests: number; blocked: number; id?: string },
    w: Window,
    blocked?: boolean,
  ): string;
  openFindingsHref(severity: string): string;
};
const activity = (await import(`${CONSOLE}/activity/url-filters.ts`)) as {
  activityHref(filters: Filters): string;
  readActivityFilters(params: URLSearchParams): Filters;
  writeActivityFilters(filters: Filters): URLSearchParams;
};
const requestLinks = (await import(`${CONSOLE}/activity/request-links.ts`)) as {
  findingHref(findingId: string): string;
  requestsOfFinding(findingId: string): string;
  requestHref(requestId: string): string;
  deviceHref(d: { id: string; developerId: string }): string;
};
const risk = (await import(`${CONSOLE}/risk/url-filters.ts`)) as {
  readFilters(params: URLSearchParams): Filters;
};
const format = (await import(`${CONSOLE}/activity/format.ts`)) as {
  signalsWithActions(a: { signals: string[]; signal_actions?: Record<string, string> }): {
    rule: string;
    action: string | null;
  }[];
};
const { DEVICES_SIGNED_IN_HREF, bucketHref, openFindingsHref, topHref, totalHref } = links;
const { activityHref, readActivityFilters, writeActivityFilters } = activity;
const { findingHref, requestsOfFinding, requestHref, deviceHref } = requestLinks;
const readRiskFilters = risk.readFilters;
const { signalsWithActions } = format;

const UTC = 'UTC';
const WINDOW = { from: '2026-11-20T12:00:00.000Z', until: '2026-11-27T12:00:00.000Z' };

/** The path and the query of an href, the query read as the page reads its URL. */
function split(href: string): { path: string; params: URLSearchParams } {
  const [path, query = ''] = href.split('?');
  return { path: path!, params: new URLSearchParams(query) };
}

describe('bucket labels', () => {
  const start = '2026-11-24T18:00:00.000Z'; // a Tuesday
  test('an hour reads as its clock time, six hours with the weekday, a day as its date', () => {
    assert.equal(bucketLabel(start, 3600, UTC), '18:00');
    assert.equal(bucketLabel(start, 21600, UTC), 'Tue 18:00');
    assert.equal(bucketLabel(start, 86400, UTC), '24 Nov');
  });
  test('in the browser’s time zone, not the server’s', () => {
    assert.equal(bucketLabel(start, 3600, 'Asia/Tokyo'), '03:00');
    assert.equal(bucketLabel(start, 86400, 'Asia/Tokyo'), '25 Nov');
  });
  test('the tables give each bucket’s whole span', () => {
    assert.equal(bucketSpan(start, 3600, UTC), '24 Nov, 18:00–19:00');
    assert.equal(bucketSpan(start, 21600, UTC), '24 Nov, 18:00–00:00');
    assert.equal(bucketSpan(start, 86400, UTC), '24 Nov');
  });
  test('a bucket’s range ends where the next begins (the activity’s until is exclusive)', () => {
    assert.deepEqual(bucketRange(start, 21600), {
      since: '2026-11-24T18:00:00.000Z',
      until: '2026-11-25T00:00:00.000Z',
    });
  });
  test('the window in words', () => {
    assert.equal(windowPhrase('24h'), 'in the last 24 hours');
    assert.equal(windowPhrase('30d'), 'in the last 30 days');
  });
});

describe('every number’s link', () => {
  test('a total leads to the activity of the window, with its outcome', () => {
    const { path, params } = split(totalHref('blocked', WINDOW));
    assert.equal(path, '/activity');
    const f = readActivityFilters(params);
    assert.equal(f.outcome, 'blocked');
    assert.equal(f.since, WINDOW.from);
    assert.equal(f.until, WINDOW.until);
    assert.equal(
      readActivityFilters(split(totalHref('upstream_errors', WINDOW)).params).outcome,
      'upstream_error',
    );
    assert.equal(readActivityFilters(split(totalHref('redacted', WINDOW)).params).outcome, 'redacted');
    assert.equal(readActivityFilters(split(totalHref('requests', WINDOW)).params).outcome, '');
  });
  test('the window starts at the whole hour the summary counts from', () => {
    const f = readActivityFilters(
      split(totalHref('requests', { from: '2026-11-20T12:34:56.789Z', until: WINDOW.until })).params,
    );
    assert.equal(f.since, '2026-11-20T12:00:00.000Z');
  });
  test('the findings total leads to the risk page, seen in the window', () => {
    const { path, params } = split(totalHref('findings', WINDOW));
    assert.equal(path, '/risk');
    const f = readRiskFilters(params);
    assert.deepEqual([f.since, f.until, f.status], [WINDOW.from, WINDOW.until, '']);
  });
  test('a bucket leads to its own span', () => {
    const f = readActivityFilters(
      split(bucketHref('gateway_errors', '2026-11-26T00:00:00.000Z', 86400)).params,
    );
    assert.deepEqual(
      [f.outcome, f.since, f.until],
      ['gateway_error', '2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z'],
    );
    assert.equal(split(bucketHref('findings', '2026-11-26T00:00:00.000Z', 86400)).path, '/risk');
  });
  test('the busiest lists filter by caller id, tool, model and provider; blocked adds the outcome', () => {
    const read = (href: string) => readActivityFilters(split(href).params);
    const dev = read(topHref('developers', { id: 'dev_ada', name: 'Ada', requests: 3, blocked: 1 }, WINDOW));
    assert.equal(dev.actorId, 'dev_ada');
    const blocked = read(topHref('tools', { name: 'claude-code', requests: 3, blocked: 1 }, WINDOW, true));
    assert.deepEqual([blocked.tool, blocked.outcome], ['claude-code', 'blocked']);
    assert.equal(
      read(topHref('models', { name: 'gpt-4o-mini', requests: 1, blocked: 0 }, WINDOW)).model,
      'gpt-4o-mini',
    );
    assert.equal(
      read(topHref('providers', { name: 'gemini', requests: 1, blocked: 0 }, WINDOW)).provider,
      'gemini',
    );
  });
  test('open findings by severity, and the devices signed in', () => {
    const f = readRiskFilters(split(openFindingsHref('critical')).params);
    assert.deepEqual([f.status, f.severity], ['open', 'critical']);
    assert.equal(DEVICES_SIGNED_IN_HREF, '/devices?status=active');
  });
});

describe('the activity page’s URL filters', () => {
  test('what is written is read back the same', () => {
    const filters = {
      outcome: 'redacted',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      tool: 'claude-code',
      actorId: 'dev_1',
      deviceId: 'dvc_1',
      mcpServer: 'github',
      mcpTool: 'create_issue',
      findingId: 'rf_1',
      requestId: 'req_1',
      since: '2026-11-20T00:00:00.000Z',
      until: '2026-11-21T00:00:00.000Z',
    };
    assert.deepEqual(readActivityFilters(writeActivityFilters(filters)), filters);
  });
  test('values the API would refuse are no filter; empty filters are left out of the address', () => {
    const f = readActivityFilters(
      new URLSearchParams({
        outcome: 'exploded',
        provider: 'acme',
        since: 'yesterday',
        model: 'x'.repeat(300),
      }),
    );
    assert.deepEqual([f.outcome, f.provider, f.since, f.model?.length], ['', '', '', 200]);
    assert.equal(activityHref({ tool: '', outcome: 'blocked' }), '/activity?outcome=blocked');
    assert.equal(activityHref({}), '/activity');
  });
});

describe('a request and its findings', () => {
  test('a request leads to exactly its findings, each open on the findings page', () => {
    const { path, params } = split(findingHref('rf_1'));
    assert.equal(path, '/risk');
    assert.equal(params.get('finding'), 'rf_1');
    assert.deepEqual(Object.values(readRiskFilters(params)).filter(Boolean), [], 'no other filter');
  });
  test('a finding leads to exactly its requests, and each request id to its own record', () => {
    const byFinding = split(requestsOfFinding('rf_1'));
    assert.equal(byFinding.path, '/activity');
    const f = readActivityFilters(byFinding.params);
    assert.equal(f.findingId, 'rf_1');
    assert.deepEqual([f.actorId, f.since, f.until], ['', '', '']);
    const one = readActivityFilters(split(requestHref('req_abc')).params);
    assert.equal(one.requestId, 'req_abc');
    assert.equal(
      readActivityFilters(new URLSearchParams({ finding: 'x'.repeat(100) })).findingId?.length,
      64,
    );
  });
  test('a device leads to its own entry among its developer’s devices', () => {
    const { path, params } = split(deviceHref({ id: 'dvc_1', developerId: 'dvl_1' }));
    assert.deepEqual([path, params.get('developer'), params.get('device')], ['/devices', 'dvl_1', 'dvc_1']);
  });
  test('each signal with what the policy did, where the record says', () => {
    assert.deepEqual(
      signalsWithActions({ signals: ['email', 'aws-access-key'], signal_actions: { email: 'redact' } }),
      [
        { rule: 'email', action: 'redact' },
        { rule: 'aws-access-key', action: null },
      ],
    );
    assert.deepEqual(signalsWithActions({ signals: ['email'] }), [{ rule: 'email', action: null }]);
  });
});

describe('the first-run checklist', () => {
  const none: SetupFacts = { providerKeys: 0, developers: 0, devices: 0, requests: 0, policyVersion: 1 };
  const state = (f: SetupFacts) => checklistSteps(f).map((s) => [s.id, s.done]);

  test('a new store: every step to do, each linking to where it is done', () => {
    assert.deepEqual(state(none), [
      ['provider-key', false],
      ['developer', false],
      ['device', false],
      ['request', false],
      ['policy', false],
    ]);
    assert.deepEqual(
      checklistSteps(none).map((s) => s.href),
      ['/provider-keys', '/people', '/devices', '/activity', '/policy'],
    );
    assert.equal(showChecklist(checklistSteps(none)), true);
  });
  test('each step is done by what the API shows; the policy once saved past its default version', () => {
    const some = { ...none, providerKeys: 2, devices: 1, policyVersion: 2 };
    assert.deepEqual(
      checklistSteps(some)
        .filter((s) => s.done)
        .map((s) => s.id),
      ['provider-key', 'device', 'policy'],
    );
  });
  test('hidden once every step is done, and until every fact is known', () => {
    const all = { providerKeys: 1, developers: 1, devices: 1, requests: 5, policyVersion: 3 };
    assert.equal(showChecklist(checklistSteps(all)), false);
    const loading = { ...none, requests: undefined };
    assert.equal(checklistSteps(loading).find((s) => s.id === 'request')!.done, null);
    assert.equal(showChecklist(checklistSteps(loading)), false);
  });
});
