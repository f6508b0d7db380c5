// The create dialog: a name (after the system, not the person), one checkbox per scope with what it
// allows, the expiry, and IP rules whose invalid entries are named before anything is sent.
import { useState } from 'react';
import { Checkbox, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { Scope } from '../api/client';
import { Loading, ErrorState } from '../ui/states';
import { DialogForm } from '../ui/dialog-form';
import { EXPIRY_CHOICES, useCreateCredential, useScopes, type ExpiryDays } from './credential-queries';
import { ipListError, parseIpList } from './ip-entries';

type Created = NonNullable<ReturnType<typeof useCreateCredential>['data']>;

export function CreateCredentialDialog(props: {
  opened: boolean;
  onClose(): void;
  onCreated(created: Created): void;
}) {
  // Read the scopes with the page, so that the dialog opens complete.
  useScopes();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Create an API credential" size="lg">
      {props.opened && <CreateForm onClose={props.onClose} onCreated={props.onCreated} />}
    </Modal>
  );
}

function CreateForm({ onClose, onCreated }: { onClose(): void; onCreated(created: Created): void }) {
  const scopes = useScopes();
  const create = useCreateCredential();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryDays>(90);
  const [allowText, setAllowText] = useState('');
  const [denyText, setDenyText] = useState('');
  const allow = parseIpList(allowText);
  const deny = parseIpList(denyText);
  const allowError = ipListError(allow);
  const denyError = ipListError(deny);
  const ready = name.trim() !== '' && chosen.length > 0 && !allowError && !denyError;

  function submit() {
    create.mutate(
      {
        name: name.trim(),
        scopes: chosen,
        expires_in_days: expiry,
        ip_allowlist: allow.entries,
        ip_denylist: deny.entries,
      },
      { onSuccess: onCreated },
    );
  }

  return (
    <DialogForm
      submit="Create credential"
      ready={ready}
      mutation={create}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        description="Name it after the system that uses it (for example “splunk-siem” or “terraform-ci”), not after a person."
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      {scopes.isPending ? (
        <Loading label="Loading scopes…" />
      ) : scopes.isError ? (
        <ErrorState error={scopes.error} onRetry={() => void scopes.refetch()} />
      ) : (
        <Checkbox.Group
          label="Scopes"
          description="Choose only what the system needs."
          required
          value={chosen}
          onChange={(v) => setChosen(v as Scope[])}
        >
          <Stack gap="xs" mt="xs">
            {scopes.data.map((s) => (
              <Checkbox
                key={s.name}
                value={s.name}
                label={
                  <Text ff="monospace" size="sm">
                    {s.name}
                  </Text>
                }
                description={
                  s.name === 'policy:write' ? (
                    <>
                      {s.description}
                      <Text span c="orange.8" fw={600} size="xs" display="block">
                        Warning: whoever holds this credential can turn enforcement off.
                      </Text>
                    </>
                  ) : (
                    s.description
                  )
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Radio.Group
        label="Expires in"
        value={String(expiry)}
        onChange={(v) => setExpiry(Number(v) as ExpiryDays)}
      >
        <Group mt="xs">
          {EXPIRY_CHOICES.map((c) => (
            <Radio key={c.days} value={String(c.days)} label={c.label} />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        label="IP allowlist"
        description="Addresses or CIDR ranges, one per line or comma-separated. Empty: any address."
        autosize
        minRows={2}
        value={allowText}
        onChange={(e) => setAllowText(e.currentTarget.value)}
        error={allowError}
      />
      <Textarea
        label="IP denylist"
        description="Refused even when the allowlist admits them."
        autosize
        minRows={2}
        value={denyText}
        onChange={(e) => setDenyText(e.currentTarget.value)}
        error={denyError}
      />
    </DialogForm>
  );
}
