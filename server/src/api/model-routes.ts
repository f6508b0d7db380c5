// The model list the Gateway serves at GET /v1/models: read with policy:read, curated with
// policy:write. Setting it to null goes back to listing the provider keys' enabled models.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModelCatalog } from '../provider-keys/model-catalog.ts';
import { PROVIDER_FAMILIES } from '../provider-keys/provider-key-types.ts';
import { errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';
import { EXPECTS } from '../http/validation-messages.ts';

const ModelList = Type.Object(
  {
    curated: Type.Boolean({ description: "false: the list follows the provider keys' enabled models." }),
    models: Type.Array(
      Type.Object({
        id: Type.String(),
        provider: Type.Union([Type.Enum([...PROVIDER_FAMILIES]), Type.Null()], {
          description: 'null when no provider key (or more than one family) enables it.',
        }),
      }),
    ),
  },
  { $id: 'ModelList' },
);

export const modelRoutes: FastifyPluginAsyncTypebox<{ catalog: ModelCatalog }> = async (app, { catalog }) => {
  app.addSchema(ModelList);
  const view = () => ({ curated: catalog.curated, models: catalog.models() });

  app.get(
    '/models',
    {
      config: { access: { role: 'viewer', scope: 'policy:read' } },
      schema: {
        operationId: 'getModelList',
        tags: ['provider keys'],
        summary: 'The models the Gateway lists at GET /v1/models',
        response: { 200: Type.Ref('ModelList'), ...errorResponses },
      },
    },
    async () => view(),
  );

  app.put(
    '/models',
    {
      config: { access: { role: 'admin', scope: 'policy:write' } },
      schema: {
        operationId: 'setModelList',
        tags: ['provider keys'],
        summary: 'Curate the Gateway’s model list, or reset it to follow the provider keys',
        body: Type.Object(
          {
            models: Type.Union([
              Type.Array(
                Type.String({
                  minLength: 1,
                  maxLength: 200,
                  pattern: '^[A-Za-z0-9._:/@-]+$',
                  [EXPECTS]: 'a model name such as gpt-4o, without spaces or *',
                }),
                {
                  maxItems: 1000,
                },
              ),
              Type.Null(),
            ]),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('ModelList'), ...errorResponses },
      },
    },
    async (request) => {
      await catalog.set(request.body.models, requestOrigin(request));
      return view();
    },
  );
};
