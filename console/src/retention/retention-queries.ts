// Server state of the Retention page: the settings, the status (oldest record kept per log, the job's
// last run), and a change, which may carry the confirmation that lowering audit retention needs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type RetentionSettings } from '../api/client';

const SETTINGS = ['retention-settings'] as const;
const STATUS = ['retention-status'] as const;

export function useRetentionSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: async () => unwrap(await api.GET('/api/v1/settings/retention')),
  });
}

export function useRetentionStatus() {
  return useQuery({
    queryKey: STATUS,
    queryFn: async () => unwrap(await api.GET('/api/v1/settings/retention/status')),
  });
}

export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RetentionSettings & { confirm_audit_days?: number }) =>
      unwrap(await api.PUT('/api/v1/settings/retention', { body })),
    onSuccess: async (saved) => {
      client.setQueryData(SETTINGS, saved);
      await client.invalidateQueries({ queryKey: STATUS });
    },
  });
}
