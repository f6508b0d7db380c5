// The provider families and the API shapes the Gateway serves for each, from their registries
// (provider-keys/families.ts, gateway/providers/index.ts): what the console's provider-key forms offer
// and what an admin or a tool can discover, readable with policy:read like the provider keys.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FAMILY_TABLE } from '../provider-keys/families.ts';
import { PROVIDERS } from '../gateway/providers/index.ts';
import { errorResponses } from './schemas.ts';

const ProviderFamilyList = Type.Object(
  {
    providers: Type.Array(
      Type.Object({
        id: Type.String({ description: 'What a provider key names in `provider`.' }),
        name: Type.String(),
        vendor: Type.String({ description: 'Whose sign-in a tool in subscription mode uses.' }),
        default_base_url: Type.Union([Type.String(), Type.Null()], {
          description: 'Where requests go when a key names no base URL; null: every key must name one.',
        }),
        model_noun: Type.Union([Type.Literal('model'), Type.Literal('deployment')]),
        routes: Type.Array(
          Type.Object({
            method: Type.String(),
            path: Type.String({ description: 'The Gateway path, in Fastify syntax (`:param`, `*`).' }),
            operation: Type.String({
              description: 'What the activity records; `{method}`: the method the path names.',
            }),
          }),
          { description: 'The Gateway paths answered with this family’s keys.' },
        ),
      }),
    ),
  },
  { $id: 'ProviderFamilyList' },
);

/** Built once: both registries are fixed for the life of the process. */
function familyList() {
  return {
    providers: FAMILY_TABLE.map((f) => ({
      id: f.id,
      name: f.name,
      vendor: f.vendor,
      default_base_url: f.defaultBaseUrl,
      model_noun: f.modelNoun,
      routes: PROVIDERS.filter((p) => p.family === f.id).flatMap((p) =>
        p.routes.map((r) => ({
          method: r.method ?? 'POST',
          path: r.url,
          // A route that reads its operation from the path says so (Gemini's `:generateContent`, …).
          operation: r.operation({ '*': '{model}:{method}' }),
        })),
      ),
    })),
  };
}

export const providerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(ProviderFamilyList);
  const list = familyList();
  app.get(
    '/providers',
    {
      config: { access: { role: 'viewer', scope: 'policy:read' } },
      schema: {
        operationId: 'listProviderFamilies',
        tags: ['provider keys'],
        summary: 'The provider families and the Gateway paths served with their keys',
        response: { 200: Type.Ref('ProviderFamilyList'), ...errorResponses },
      },
    },
    async () => list,
  );
};
