// The activity page keeps its filters in the URL (?outcome=blocked&provider=openai&actor=dvl_…&since=…),
// so that the overview's numbers, a finding and a request's detail can link to a filtered view, and a
// view can be reloaded and left with Back. A value the API would refuse (an unknown outcome typed into
// the address) is read as no filter.
import { FAMILIES } from '../provider-keys/provider-families';
import type { ActivityFilters } from './activity-feed';
import { OUTCOMES } from './format';

/** Each filter and its query parameter. */
const PARAM: Record<keyof ActivityFilters, string> = {
  outcome: 'outcome',
  provider: 'provider',
  model: 'model',
  tool: 'tool',
  actorId: 'actor',
  deviceId: 'device',
  mcpServer: 'mcp_server',
  mcpTool: 'mcp_tool',
  findingId: 'finding',
  requestId: 'request',
  since: 'since',
  until: 'until',
};

/** The API's own bounds on each text filter, so that an address never asks for a 400. */
const MAX: Record<keyof ActivityFilters, number> = {
  outcome: 0,
  provider: 0,
  model: 200,
  tool: 64,
  actorId: 64,
  deviceId: 64,
  mcpServer: 64,
  mcpTool: 256,
  findingId: 64,
  requestId: 64,
  since: 40,
  until: 40,
};

const oneOf = <T extends string>(allowed: readonly T[], v: string | null): T | '' =>
  allowed.includes(v as T) ? (v as T) : '';

/** An RFC 3339 time the API takes, or nothing: a mangled time in the address is no filter. */
const time = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? v : '');

export function readActivityFilters(params: URLSearchParams): ActivityFilters {
  const text = (key: keyof ActivityFilters) => params.get(PARAM[key])?.trim().slice(0, MAX[key]) ?? '';
  return {
    outcome: oneOf(OUTCOMES, params.get(PARAM.outcome)),
    provider: oneOf(FAMILIES, params.get(PARAM.provider)),
    model: text('model'),
    tool: text('tool'),
    actorId: text('actorId'),
    deviceId: text('deviceId'),
    mcpServer: text('mcpServer'),
    mcpTool: text('mcpTool'),
    findingId: text('findingId'),
    requestId: text('requestId'),
    since: time(text('since')),
    until: time(text('until')),
  };
}

/** The URL's query for these filters; empty filters are left out. */
export function writeActivityFilters(filters: Partial<ActivityFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(PARAM)) {
    const value = filters[key as keyof ActivityFilters];
    if (value) params.set(name, value);
  }
  return params;
}

/** A link to the activity page showing these requests. */
export function activityHref(filters: Partial<ActivityFilters>): string {
  const query = writeActivityFilters(filters).toString();
  return query ? `/activity?${query}` : '/activity';
}
