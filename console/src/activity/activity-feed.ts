// Gateway activity newest first, 50 Gateway requests to a page, filtered by outcome, provider, model,
// tool, caller, device, MCP server and tool, finding, request, and time.
import { api, unwrap, type Outcome, type ProviderFamily } from '../api/client';
import { given, useNewestFirstFeed } from '../ui/newest-first-feed';
import type { TimeRange } from '../ui/filter-bar';
import type { ActivityOutcome, ActivityRecord } from './format';

export interface ActivityFilters extends TimeRange {
  outcome: ActivityOutcome | '';
  provider: ProviderFamily | '';
  model: string;
  tool: string;
  actorId: string;
  deviceId: string;
  /** An MCP server's alias: its calls through /mcp/{alias}. */
  mcpServer: string;
  mcpTool: string;
  /** A risk finding's id: the requests that raised or repeated it. */
  findingId: string;
  /** One request, by the x-gatehouse-request-id its caller received. */
  requestId: string;
}

export const NO_FILTERS: ActivityFilters = {
  outcome: '',
  provider: '',
  model: '',
  tool: '',
  actorId: '',
  deviceId: '',
  mcpServer: '',
  mcpTool: '',
  findingId: '',
  requestId: '',
  since: '',
  until: '',
};

export function useActivityFeed(filters: ActivityFilters) {
  return useNewestFirstFeed({
    name: 'activity',
    filters,
    pageSize: 50,
    readPage: async (paging) => {
      const { actorId, deviceId, mcpServer, mcpTool, findingId, requestId, outcome, ...rest } = filters;
      const query = {
        ...paging,
        ...given({
          ...rest,
          actor_id: actorId,
          device_id: deviceId,
          mcp_server: mcpServer,
          mcp_tool: mcpTool,
          finding_id: findingId,
          request_id: requestId,
        }),
        // `redacted` is the API's since issue 19, ahead of the generated schema's list.
        ...(outcome ? { outcome: outcome as Outcome } : {}),
      };
      const page = unwrap(await api.GET('/api/v1/activity', { params: { query } }));
      return { rows: page.activity as ActivityRecord[], nextCursor: page.next_cursor };
    },
  });
}
