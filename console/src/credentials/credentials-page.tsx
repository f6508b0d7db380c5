// API credentials: the table, and for owners and admins the create dialog, reissue and revoke.
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
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
        <CredentialTable
          credentials={credentials.data}
          canManage={manage}
          onReissue={setReissuing}
          onRevoke={setRevoking}
        />
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
