// Provider keys: the table and the Gateway's model list for everyone; for owners and admins the add,
// edit, rotate and delete dialogs and the list's curation.
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import type { ProviderKey } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { ConfirmByNameDialog } from '../ui/confirm-by-name-dialog';
import { useDeleteProviderKey, useProviderKeys } from './provider-key-queries';
import { ProviderKeyTable } from './provider-key-table';
import { AddProviderKeyDialog } from './add-provider-key-dialog';
import { EditProviderKeyDialog } from './edit-provider-key-dialog';
import { RotateProviderKeyDialog } from './rotate-provider-key-dialog';
import { ModelListSection } from './model-list-section';

export function ProviderKeysPage() {
  const manage = canManage(useAdmin());
  const keys = useProviderKeys();
  const remove = useDeleteProviderKey();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ProviderKey | null>(null);
  const [rotating, setRotating] = useState<ProviderKey | null>(null);
  const [deleting, setDeleting] = useState<ProviderKey | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <Stack>
      <PageHeader
        title="Provider keys"
        action={manage && <Button onClick={() => setAdding(true)}>Add provider key</Button>}
      >
        The organisation&apos;s keys for the AI providers. The Gateway sends them upstream in place of the
        caller&apos;s Gateway token; they are stored encrypted and shown only by their last four characters.
      </PageHeader>

      {keys.isPending ? (
        <Loading label="Loading provider keys…" />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No provider keys yet">
          {manage
            ? 'Add one for each provider account the Gateway should use, with the models it may serve. Until then the Gateway answers every request with 424.'
            : 'An owner or admin adds them; you will see them here.'}
        </EmptyState>
      ) : (
        <ProviderKeyTable
          keys={keys.data}
          canManage={manage}
          onEdit={setEditing}
          onRotate={setRotating}
          onDelete={setDeleting}
        />
      )}

      <ModelListSection />

      {manage && (
        <>
          <AddProviderKeyDialog opened={adding} onClose={() => setAdding(false)} />
          <EditProviderKeyDialog providerKey={editing} onClose={() => setEditing(null)} />
          <RotateProviderKeyDialog providerKey={rotating} onClose={() => setRotating(null)} />
          <ConfirmByNameDialog
            name={deleting?.name ?? null}
            title="Delete the provider key"
            action="Delete permanently"
            color="red"
            mutation={remove}
            onClose={closeDelete}
            onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: closeDelete })}
          >
            <Text size="sm">
              Deleting <b>{deleting?.name}</b> is permanent: its encrypted secret is erased, and requests for
              the models it enables ({deleting?.enabled_models.join(', ')}) are refused with 424 until another
              key enables them.
            </Text>
          </ConfirmByNameDialog>
        </>
      )}
    </Stack>
  );
}
