// API credentials: the table, and for owners and admins the create dialog, reissue and revoke. Revoked
// credentials stay listed (they explain old audit events) unless the switch hides them; the choice is in
// the address (?revoked=hide), so a reload or a shared link keeps it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import type { Credential } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { useCredentials, useReissueCredential, useRevokeCredential } from './credential-queries';
import { CredentialTable } from './credential-table';
import { CreateCredentialDialog } from './create-credential-dialog';
import { SecretOnce, type IssuedSecret } from './secret-once';
import { ConfirmByNameDialog } from '../ui/confirm-by-name-dialog';

export function CredentialsPage() {
  const admin = useAdmin();
  const manage = canManage(admin);
  const credentials = useCredentials();
  const reissue = useReissueCredential();
  const revoke = useRevokeCredential();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [reissuing, setReissuing] = useState<Credential | null>(null);
  const [revoking, setRevoking] = useState<Credential | null>(null);
  const [params, setParams] = useSearchParams();
  const hideRevoked = params.get('revoked') === 'hide';
  const setHideRevoked = (hide: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (hide) next.set('revoked', 'hide');
        else next.delete('revoked');
        return next;
      },
      { replace: true },
    );
  const revokedCount = credentials.data?.filter((c) => c.status === 'revoked').length ?? 0;
  const shown = hideRevoked ? credentials.data?.filter((c) => c.status !== 'revoked') : credentials.data;

  const closeReissue = () => {
    setReissuing(null);
    reissue.reset();
  };
  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <Stack>
      <PageHeader
        title="API credentials"
        action={manage && <Button onClick={() => setCreating(true)}>Create credential</Button>}
      >
        OAuth 2.0 client credentials for the systems that call Gatehouse: SIEMs, CI jobs, infrastructure as
        code.
      </PageHeader>

      {credentials.isPending ? (
        <Loading label="Loading credentials…" />
      ) : credentials.isError ? (
        <ErrorState error={credentials.error} onRetry={() => void credentials.refetch()} />
      ) : credentials.data.length === 0 ? (
        <EmptyState title="No API credentials yet">
          {manage
            ? 'Create one for each system that calls the management API or the Gateway, named after that system.'
            : 'An owner or admin creates them; you will see them here.'}
        </EmptyState>
      ) : (
        <>
          <Group justify="space-between">
            <Switch
              label="Hide revoked credentials"
              checked={hideRevoked}
              onChange={(e) => setHideRevoked(e.currentTarget.checked)}
            />
            {hideRevoked && revokedCount > 0 && (
              <Text size="sm" c="dimmed" role="status">
                {revokedCount === 1
                  ? '1 revoked credential hidden'
                  : `${revokedCount} revoked credentials hidden`}
              </Text>
            )}
          </Group>
          {shown && shown.length === 0 ? (
            <EmptyState title="Every credential is revoked">
              Turn off “Hide revoked credentials” to see them{manage ? ', or create a new one' : ''}.
            </EmptyState>
          ) : (
            <CredentialTable
              credentials={shown ?? []}
              canManage={manage}
              onReissue={setReissuing}
              onRevoke={setRevoking}
            />
          )}
        </>
      )}

      {manage && (
        <>
          <CreateCredentialDialog
            opened={creating}
            onClose={() => setCreating(false)}
            onCreated={(created) => {
              setCreating(false);
              setIssued(created);
            }}
          />
          <ConfirmByNameDialog
            name={reissuing?.name ?? null}
            title="Reissue the client secret"
            action="Reissue secret"
            color="indigo"
            mutation={reissue}
            onClose={closeReissue}
            onConfirm={(confirm) =>
              reissuing &&
              reissue.mutate(
                { id: reissuing.id, confirm },
                {
                  onSuccess: (data) => {
                    closeReissue();
                    setIssued(data);
                  },
                },
              )
            }
          >
            <Text size="sm">
              A new secret is issued for <b>{reissuing?.name}</b>. The current secret, and every token issued
              with it, stops working at once.
            </Text>
          </ConfirmByNameDialog>
          <ConfirmByNameDialog
            name={revoking?.name ?? null}
            title="Revoke the credential"
            action="Revoke permanently"
            color="red"
            mutation={revoke}
            onClose={closeRevoke}
            onConfirm={(confirm) =>
              revoking && revoke.mutate({ id: revoking.id, confirm }, { onSuccess: closeRevoke })
            }
          >
            <Text size="sm">
              Revoking <b>{revoking?.name}</b> is permanent: it cannot be undone, and every token issued to it
              stops working at once.
            </Text>
          </ConfirmByNameDialog>
          <SecretOnce issued={issued} onClose={() => setIssued(null)} />
        </>
      )}
    </Stack>
  );
}
