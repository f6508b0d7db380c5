// Server state of the provider keys page: the keys, the Gateway's model list, and their changes. A
// change to a key changes the model list too when that list follows the keys.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ProviderFamily } from '../api/client';

export interface NewProviderKey {
  name: string;
  provider: ProviderFamily;
  secret: string;
  base_url: string | null;
  azure_api_version?: string | null;
  enabled_models: string[];
}

/** base_url is sent only when it changes, and then with the secret (the server refuses it without). */
export interface ProviderKeyChange {
  name: string;
  base_url?: string | null;
  secret?: string;
  azure_api_version?: string | null;
  enabled_models: string[];
}

const LIST = ['provider-keys'] as const;
const MODELS = ['gateway-models'] as const;
const FAMILIES = ['provider-families'] as const;

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: LIST }),
      client.invalidateQueries({ queryKey: MODELS }),
    ]);
}

export function useProviderKeys() {
  return useQuery({
    queryKey: LIST,
    queryFn: async () => unwrap(await api.GET('/api/v1/provider-keys')).provider_keys,
  });
}

export function useCreateProviderKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NewProviderKey) => unwrap(await api.POST('/api/v1/provider-keys', { body })),
    onSuccess: refresh,
  });
}

export function useUpdateProviderKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ProviderKeyChange }) =>
      unwrap(await api.PATCH('/api/v1/provider-keys/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  });
}

export function useRotateProviderKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, secret }: { id: string; secret: string }) =>
      unwrap(
        await api.POST('/api/v1/provider-keys/{id}/rotate', { params: { path: { id } }, body: { secret } }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteProviderKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      unwrap(await api.DELETE('/api/v1/provider-keys/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** The provider families as the server's registry has them (GET /api/v1/providers): fixed per server. */
export function useProviderFamilies() {
  return useQuery({
    queryKey: FAMILIES,
    queryFn: async () => unwrap(await api.GET('/api/v1/providers')).providers,
    staleTime: Infinity,
  });
}

export function useModelList() {
  return useQuery({
    queryKey: MODELS,
    queryFn: async () => unwrap(await api.GET('/api/v1/models')),
  });
}

/** A curated list, or null to follow the provider keys again. */
export function useSetModelList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (models: string[] | null) =>
      unwrap(await api.PUT('/api/v1/models', { body: { models } })),
    onSuccess: (data) => client.setQueryData(MODELS, data),
  });
}
