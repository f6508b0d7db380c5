// Provider keys: the organisation's credentials for the AI providers. Reading needs policy:read,
// changing needs policy:write (or an admin session). The secret goes in on create and rotate (and with a
// new base_url) and never comes out: responses show its last four characters.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ProviderKeyService } from '../provider-keys/provider-key-service.ts';
import { AZURE_API_VERSION } from '../provider-keys/families.ts';
import { PROVIDER_FAMILIES, providerKeyView } from '../provider-keys/provider-key-types.ts';
import { MODEL_PATTERN_SYNTAX } from '../../../shared/model-patterns.ts';
import { Id, NullableTimestamp, Timestamp, errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';
import { EXPECTS } from '../http/validation-messages.ts';

const ProviderKeyView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    provider: Type.Enum([...PROVIDER_FAMILIES]),
    secret_last4: Type.String({
      description: 'The last four characters of the secret; the rest is never shown.',
    }),
    base_url: Type.Union([Type.String(), Type.Null()], { description: "null: the provider's own API." }),
    effective_base_url: Type.String({ description: 'Where requests for this key are sent.' }),
    azure_api_version: Type.Union([Type.String(), Type.Null()]),
    enabled_models: Type.Array(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    rotated_at: NullableTimestamp,
  },
  { $id: 'ProviderKey' },
);

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Secret = Type.String({
  minLength: 8,
  maxLength: 4096,
  pattern: '^\\S+$',
  description: "The provider's API key. Stored encrypted; never shown again.",
});
// minLength 1: the server's Ajv coerces types, and in a string-or-null union a null is first coerced to
// "" by the string branch; without minLength the "" passed and a `base_url: null` (reset to the family's
// default) was refused as "not a URL". With it, the null branch takes the value back to null.
const BaseUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    "Optional: a self-hosted or compatible endpoint, in the form the provider's SDK takes as a base URL " +
    '(OpenAI-compatible: https://host/v1; Anthropic: https://host; Gemini: https://host). ' +
    'For Azure OpenAI, required: the resource endpoint, https://<resource>.openai.azure.com.',
});
const ApiVersion = AZURE_API_VERSION;
const EnabledModels = Type.Array(
  Type.String({
    pattern: MODEL_PATTERN_SYNTAX,
    [EXPECTS]: 'a model name or a pattern with *, such as claude-sonnet-4-5 or gpt-*, without spaces',
  }),
  {
    minItems: 1,
    maxItems: 500,
    description:
      'Exact model names (for Azure, deployment names) and patterns where * matches anything, such as claude-*. ' +
      'A model may be enabled in one key of a provider only.',
  },
);
const Params = Type.Object({ id: Id });

const read = { role: 'viewer', scope: 'policy:read' } as const;
const write = { role: 'admin', scope: 'policy:write' } as const;

export const providerKeyRoutes: FastifyPluginAsyncTypebox<{ providerKeys: ProviderKeyService }> = async (
  app,
  { providerKeys },
) => {
  app.addSchema(ProviderKeyView);
  const tags = ['provider keys'];
  const one = { 200: Type.Ref('ProviderKey'), ...errorResponses, 404: Type.Ref('Error') };

  app.post(
    '/provider-keys',
    {
      config: { access: write },
      schema: {
        operationId: 'createProviderKey',
        tags,
        summary: 'Add a provider key',
        body: Type.Object(
          {
            name: Name,
            provider: Type.Enum([...PROVIDER_FAMILIES]),
            secret: Secret,
            base_url: Type.Optional(Type.Union([BaseUrl, Type.Null()])),
            azure_api_version: Type.Optional(Type.Union([ApiVersion, Type.Null()])),
            enabled_models: EnabledModels,
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref('ProviderKey'), ...errorResponses, 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const key = await providerKeys.create(
        {
          name: b.name.trim(),
          provider: b.provider,
          secret: b.secret,
          baseUrl: b.base_url ?? null,
          azureApiVersion: b.azure_api_version ?? null,
          enabledModels: b.enabled_models,
        },
        requestOrigin(request),
      );
      return reply.code(201).send(providerKeyView(key));
    },
  );

  app.get(
    '/provider-keys',
    {
      config: { access: read },
      schema: {
        operationId: 'listProviderKeys',
        tags,
        summary: 'List provider keys (secrets masked)',
        response: {
          200: Type.Object({ provider_keys: Type.Array(Type.Ref('ProviderKey')) }),
          ...errorResponses,
        },
      },
    },
    async () => ({ provider_keys: providerKeys.list().map(providerKeyView) }),
  );

  app.get(
    '/provider-keys/:id',
    {
      config: { access: read },
      schema: {
        operationId: 'getProviderKey',
        tags,
        summary: 'Get one provider key (secret masked)',
        params: Params,
        response: one,
      },
    },
    async (request) => providerKeyView(providerKeys.get(request.params.id)),
  );

  app.patch(
    '/provider-keys/:id',
    {
      config: { access: write },
      schema: {
        operationId: 'updateProviderKey',
        tags,
        summary: 'Change a provider key’s name, endpoint or enabled models (rotate changes the secret)',
        description:
          'A new base_url needs `secret` in the same request (the current secret or a new one): the key is sent ' +
          'wherever base_url points, so only someone who holds it may move it. Without it: 400 secret_required. ' +
          '`secret` without base_url is a 400: rotate replaces a secret. The move is audited as ' +
          'provider_key.base_url_changed, with the old and new addresses.',
        params: Params,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            base_url: Type.Optional(Type.Union([BaseUrl, Type.Null()])),
            secret: Type.Optional(Secret),
            azure_api_version: Type.Optional(Type.Union([ApiVersion, Type.Null()])),
            enabled_models: Type.Optional(EnabledModels),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { ...one, 409: Type.Ref('Error') },
      },
    },
    async (request) => {
      const b = request.body;
      const key = await providerKeys.update(
        request.params.id,
        {
          ...(b.name !== undefined ? { name: b.name.trim() } : {}),
          ...(b.base_url !== undefined ? { baseUrl: b.base_url } : {}),
          ...(b.azure_api_version !== undefined ? { azureApiVersion: b.azure_api_version } : {}),
          ...(b.enabled_models !== undefined ? { enabledModels: b.enabled_models } : {}),
          ...(b.secret !== undefined ? { secret: b.secret } : {}),
        },
        requestOrigin(request),
      );
      return providerKeyView(key);
    },
  );

  app.post(
    '/provider-keys/:id/rotate',
    {
      config: { access: write },
      schema: {
        operationId: 'rotateProviderKey',
        tags,
        summary: 'Replace the secret; the next request uses the new one and the old one is never sent again',
        params: Params,
        body: Type.Object({ secret: Secret }, { additionalProperties: false }),
        response: one,
      },
    },
    async (request) =>
      providerKeyView(
        await providerKeys.rotate(request.params.id, request.body.secret, requestOrigin(request)),
      ),
  );

  app.delete(
    '/provider-keys/:id',
    {
      config: { access: write },
      schema: {
        operationId: 'deleteProviderKey',
        tags,
        summary: 'Delete a provider key; requests for its models then get 424 until another key enables them',
        params: Params,
        response: { 204: Type.Null(), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      await providerKeys.remove(request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
