// Server state of the credentials page: the list, the scope descriptions (read from the OpenAPI
// document, where the server declares them), and the three changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Scope } from '../api/client';

export const EXPIRY_CHOICES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '180 days' },
  { days: 365, label: 'One year' },
] as const;
export type ExpiryDays = (typeof EXPIRY_CHOICES)[number]['days'];

export interface NewCredential {
  name: string;
  scopes: Scope[];
  expires_in_days: ExpiryDays;
  ip_allowlist: string[];
  ip_denylist: string[];
}

const LIST = ['credentials'] as const;

export function useCredentials() {
  return useQuery({
    queryKey: LIST,
    queryFn: async () => unwrap(await api.GET('/api/v1/credentials')).credentials,
  });
}

interface OpenApiScopes {
  components?: {
    securitySchemes?: { oauth2?: { flows?: { clientCredentials?: { scopes?: Record<string, string> } } } };
  };
}

/** Each scope and the sentence saying what it allows, in the server's order. */
export function useScopes() {
  return useQuery({
    queryKey: ['scopes'],
    staleTime: Infinity,
    queryFn: async () => {
      const res = await fetch('/api/openapi.json');
      if (!res.ok) throw new Error(`Could not read the list of scopes (${res.status}).`);
      const doc = (await res.json()) as OpenApiScopes;
      const scopes = doc.components?.securitySchemes?.oauth2?.flows?.clientCredentials?.scopes ?? {};
      return Object.entries(scopes).map(([name, description]) => ({ name: name as Scope, description }));
    },
  });
}

export function useCreateCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewCredential) => unwrap(await api.POST('/api/v1/credentials', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST }),
  });
}

export function useReissueCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, confirm }: { id: string; confirm: string }) =>
      unwrap(
        await api.POST('/api/v1/credentials/{id}/reissue', { params: { path: { id } }, body: { confirm } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST }),
  });
}

export function useRevokeCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, confirm }: { id: string; confirm: string }) =>
      unwrap(
        await api.POST('/api/v1/credentials/{id}/revoke', { params: { path: { id } }, body: { confirm } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST }),
  });
}
