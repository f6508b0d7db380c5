// The edit dialog: a key's name, endpoint, Azure API version and enabled models. The provider stays as
// it is, and the secret changes through rotate, except that a new endpoint asks for the secret again:
// the key is sent wherever the endpoint points, so only someone who holds it may move it.
import { useState } from 'react';
import { Modal, Text, TextInput } from '@mantine/core';
import type { ProviderKey } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { FAMILY_LABEL } from './provider-families';
import { modelsError, modelsText, parseModels } from './model-entries';
import { useUpdateProviderKey } from './provider-key-queries';
import { AzureApiVersionInput, BaseUrlInput, EnabledModelsInput } from './key-fields';
import { SecretInput, cleanSecret, secretReady } from './secret-input';

/** The endpoint as the server keeps it (no trailing slash), to tell whether the typed one is new. */
function sameEndpoint(typed: string, stored: string | null): boolean {
  const t = typed.trim();
  if (t === '' || stored === null) return t === '' && stored === null;
  try {
    return new URL(t).toString().replace(/\/+$/, '') === stored;
  } catch {
    return false;
  }
}

export function EditProviderKeyDialog(props: { providerKey: ProviderKey | null; onClose(): void }) {
  return (
    <Modal
      opened={props.providerKey !== null}
      onClose={props.onClose}
      title={props.providerKey ? `Edit ${props.providerKey.name}` : ''}
      size="lg"
    >
      {props.providerKey && <EditForm k={props.providerKey} onClose={props.onClose} />}
    </Modal>
  );
}

function EditForm({ k, onClose }: { k: ProviderKey; onClose(): void }) {
  const update = useUpdateProviderKey();
  const [name, setName] = useState(k.name);
  const [baseUrl, setBaseUrl] = useState(k.base_url ?? '');
  const [secret, setSecret] = useState('');
  const [apiVersion, setApiVersion] = useState(k.azure_api_version ?? '');
  const [modelText, setModelText] = useState(modelsText(k.enabled_models));
  const models = parseModels(modelText);
  const error = modelsError(models);
  const azure = k.provider === 'azure';
  const moved = !sameEndpoint(baseUrl, k.base_url);
  const ready =
    name.trim() !== '' &&
    (!azure || baseUrl.trim() !== '') &&
    (!moved || secretReady(secret)) &&
    models.entries.length > 0 &&
    !error;

  function submit() {
    update.mutate(
      {
        id: k.id,
        body: {
          name: name.trim(),
          ...(moved ? { base_url: baseUrl.trim() || null, secret: cleanSecret(secret) } : {}),
          ...(azure ? { azure_api_version: apiVersion.trim() || null } : {}),
          enabled_models: models.entries,
        },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <DialogForm
      submit="Save changes"
      ready={ready}
      mutation={update}
      errorTitle="The key was not changed"
      onSubmit={submit}
      onCancel={onClose}
    >
      <Text size="sm">
        Provider: <b>{FAMILY_LABEL[k.provider]}</b>. To change the secret, rotate it instead.
      </Text>
      <TextInput
        label="Name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <BaseUrlInput provider={k.provider} value={baseUrl} onChange={setBaseUrl} />
      {moved && (
        <SecretInput
          label="Secret"
          description="A new endpoint needs the key's secret again (the current one or a new one): Gatehouse sends the secret wherever the endpoint points."
          value={secret}
          onChange={setSecret}
        />
      )}
      {azure && <AzureApiVersionInput value={apiVersion} onChange={setApiVersion} />}
      <EnabledModelsInput provider={k.provider} value={modelText} onChange={setModelText} error={error} />
    </DialogForm>
  );
}
