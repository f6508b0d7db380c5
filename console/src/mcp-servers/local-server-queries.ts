// Server state of the local MCP servers (the endpoint clients' stdio servers): the list, filtered by
// developer and device, one server with its tools, and an admin's approval or block of one server's tool
// on that one machine. Blocking everywhere is a policy change (block-everywhere.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export interface LocalServerFilter {
  developer_id?: string;
  device_id?: string;
}

const LIST = ['mcp-local-servers'] as const;
const one = (id: string) => ['mcp-local-server', id] as const;

export function useLocalServers(filter: LocalServerFilter) {
  return useQuery({
    queryKey: [...LIST, filter],
    queryFn: async () => unwrap(await api.GET('/api/v1/mcp/local-servers', { params: { query: filter } })),
  });
}

export function useLocalServer(id: string) {
  return useQuery({
    queryKey: one(id),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/mcp/local-servers/{id}', { params: { path: { id } } })),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return (id: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: LIST }),
      client.invalidateQueries({ queryKey: one(id) }),
    ]);
}

/** `sha256`: the definition the admin reviewed; the API answers 409 if the server has shown another since. */
export function useApproveLocalTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, name, sha256 }: { id: string; name: string; sha256: string }) =>
      unwrap(
        await api.POST('/api/v1/mcp/local-servers/{id}/tools/{name}/approve', {
          params: { path: { id, name } },
          body: { sha256 },
        }),
      ),
    onSuccess: (_, { id }) => refresh(id),
  });
}

export function useBlockLocalTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      unwrap(
        await api.POST('/api/v1/mcp/local-servers/{id}/tools/{name}/block', {
          params: { path: { id, name } },
        }),
      ),
    onSuccess: (_, { id }) => refresh(id),
  });
}
