// The fields that the add and edit dialogs share: the endpoint (with what it means for the chosen
// provider), Azure's API version (only for Azure) and the enabled models.
import { TextInput, Textarea } from '@mantine/core';
import type { ProviderFamily } from '../api/client';
import { MODEL_PLACEHOLDER, baseUrlHint } from './provider-families';
import { useProviderFamilies } from './provider-key-queries';

export function BaseUrlInput(props: {
  provider: ProviderFamily | '';
  value: string;
  onChange(value: string): void;
}) {
  const azure = props.provider === 'azure';
  const families = useProviderFamilies().data;
  const defaultBaseUrl = families?.find((f) => f.id === props.provider)?.default_base_url;
  return (
    <TextInput
      label={azure ? 'Resource endpoint (base URL)' : 'Base URL'}
      description={baseUrlHint(props.provider, defaultBaseUrl)}
      required={azure}
      type="url"
      inputMode="url"
      maxLength={2048}
      placeholder={azure ? 'https://my-resource.openai.azure.com' : undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

export function AzureApiVersionInput(props: { value: string; onChange(value: string): void }) {
  return (
    <TextInput
      label="Azure API version"
      description="Optional: the api-version sent when the caller sends none, such as 2024-10-21."
      maxLength={40}
      placeholder="2024-10-21"
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

export function EnabledModelsInput(props: {
  provider: ProviderFamily | '';
  value: string;
  error: string | null;
  onChange(value: string): void;
}) {
  const azure = props.provider === 'azure';
  return (
    <Textarea
      label={azure ? 'Enabled deployments' : 'Enabled models'}
      description={
        (azure ? 'Deployment names' : 'Model names') +
        ', one per line or comma-separated. Patterns with * are allowed, such as claude-*. ' +
        'A model may be enabled in one key per provider only.'
      }
      required
      autosize
      minRows={3}
      maxRows={10}
      spellCheck={false}
      placeholder={props.provider ? MODEL_PLACEHOLDER[props.provider] : undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
    />
  );
}
