// The add dialog: a name, the provider, the secret (a password field), the endpoint with what it means
// for that provider (Azure needs its resource endpoint), Azure's API version, and the enabled models.
// What the API refuses is shown in the dialog.
import { useState } from 'react';
import { Modal, NativeSelect, TextInput } from '@mantine/core';
import type { ProviderFamily } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { FAMILIES, FAMILY_LABEL } from './provider-families';
import { modelsError, parseModels } from './model-entries';
import { useCreateProviderKey } from './provider-key-queries';
import { SecretInput, cleanSecret, secretReady } from './secret-input';
import { AzureApiVersionInput, BaseUrlInput, EnabledModelsInput } from './key-fields';

export function AddProviderKeyDialog(props: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add a provider key" size="lg">
      {props.opened && <AddForm onClose={props.onClose} />}
    </Modal>
  );
}

function AddForm({ onClose }: { onClose(): void }) {
  const create = useCreateProviderKey();
  const [name, setName] = useState('');
  const [provider, setProvider] = useState<ProviderFamily | ''>('');
  const [secret, setSecret] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiVersion, setApiVersion] = useState('');
  const [modelText, setModelText] = useState('');
  const models = parseModels(modelText);
  const error = modelsError(models);
  const azure = provider === 'azure';
  const ready =
    name.trim() !== '' &&
    provider !== '' &&
    secretReady(secret) &&
    (!azure || baseUrl.trim() !== '') &&
    models.entries.length > 0 &&
    !error;

  function submit() {
    if (provider === '') return; // ready needs a provider: this says so to the type checker
    create.mutate(
      {
        name: name.trim(),
        provider,
        secret: cleanSecret(secret),
        base_url: baseUrl.trim() || null,
        ...(azure && apiVersion.trim() ? { azure_api_version: apiVersion.trim() } : {}),
        enabled_models: models.entries,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <DialogForm
      submit="Add provider key"
      ready={ready}
      mutation={create}
      errorTitle="The key was not added"
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        description="Name it after the account and its use, for example “openai-production”."
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <NativeSelect
        label="Provider"
        required
        value={provider}
        onChange={(e) => setProvider(e.currentTarget.value as ProviderFamily | '')}
        data={[
          { value: '', label: 'Choose a provider…', disabled: true },
          ...FAMILIES.map((f) => ({ value: f, label: FAMILY_LABEL[f] })),
        ]}
      />
      <SecretInput
        label="Secret"
        description="The provider's API key. Stored encrypted; Gatehouse never shows it again, only its last four characters."
        value={secret}
        onChange={setSecret}
      />
      <BaseUrlInput provider={provider} value={baseUrl} onChange={setBaseUrl} />
      {azure && <AzureApiVersionInput value={apiVersion} onChange={setApiVersion} />}
      <EnabledModelsInput provider={provider} value={modelText} onChange={setModelText} error={error} />
    </DialogForm>
  );
}
