// Server state of the MCP servers pages: the inventory (each server with its tools counted by state),
// one server with its tools, and the changes: register, edit, enable or disable, delete, and a tool's
// approval or block. Every change refreshes both the list and the server it touched.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/** What a register sends; `headers` are the server's own credentials, sent once and never read back. */
export interface NewMcpServer {
  alias: string;
  url: string;
  description: string | null;
  headers: Record<string, string>;
}

/** `headers`, when present, replaces the whole set: the API keeps no single stored value on its own. */
export type McpServerChange = Partial<NewMcpServer> & { enabled?: boolean };

const LIST = ['mcp-servers'] as const;
const one = (id: string) => ['mcp-server', id] as const;

function useRefresh() {
  const client = useQueryClient();
  return (id?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: LIST }),
      ...(id ? [client.invalidateQueries({ queryKey: one(id) })] : []),
    ]);
}

export function useMcpServers() {
  return useQuery({
    queryKey: LIST,
    queryFn: async () => unwrap(await api.GET('/api/v1/mcp/servers')).mcp_servers,
  });
}

export function useMcpServer(id: string) {
  return useQuery({
    queryKey: one(id),
    queryFn: async () => unwrap(await api.GET('/api/v1/mcp/servers/{id}', { params: { path: { id } } })),
  });
}

export function useCreateMcpServer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NewMcpServer) => unwrap(await api.POST('/api/v1/mcp/servers', { body })),
    onSuccess: () => refresh(),
  });
}

export function useUpdateMcpServer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: McpServerChange }) =>
      unwrap(await api.PATCH('/api/v1/mcp/servers/{id}', { params: { path: { id } }, body })),
    onSuccess: (_, { id }) => refresh(id),
  });
}

export function useDeleteMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      unwrap(await api.DELETE('/api/v1/mcp/servers/{id}', { params: { path: { id } } })),
    onSuccess: async (_, { id }) => {
      client.removeQueries({ queryKey: one(id) });
      await client.invalidateQueries({ queryKey: LIST });
    },
  });
}

/** `sha256`: the definition the admin reviewed; the API answers 409 if the server has shown another since. */
export function useApproveTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, name, sha256 }: { id: string; name: string; sha256: string }) =>
      unwrap(
        await api.POST('/api/v1/mcp/servers/{id}/tools/{name}/approve', {
          params: { path: { id, name } },
          body: { sha256 },
        }),
      ),
    onSuccess: (_, { id }) => refresh(id),
  });
}

export function useBlockTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      unwrap(
        await api.POST('/api/v1/mcp/servers/{id}/tools/{name}/block', { params: { path: { id, name } } }),
      ),
    onSuccess: (_, { id }) => refresh(id),
  });
}
