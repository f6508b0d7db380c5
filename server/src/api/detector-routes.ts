// The detectors the policy's `detectors` settings are keyed by, from their registry
// (policy/detectors/index.ts): id, label and description, for the console and for whoever writes the
// policy document as code. Readable with policy:read, like the document.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DETECTORS } from '../policy/detectors/index.ts';
import { errorResponses } from './schemas.ts';

const DetectorList = Type.Object(
  {
    detectors: Type.Array(
      Type.Object({
        id: Type.String({ description: 'Its key in the policy document’s `detectors`.' }),
        label: Type.String(),
        description: Type.String(),
      }),
    ),
  },
  { $id: 'DetectorList' },
);

export const detectorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(DetectorList);
  const list = { detectors: DETECTORS.map(({ id, label, description }) => ({ id, label, description })) };
  app.get(
    '/detectors',
    {
      config: { access: { role: 'viewer', scope: 'policy:read' } },
      schema: {
        operationId: 'listDetectors',
        tags: ['policy'],
        summary: 'The policy’s detectors: what each finds',
        response: { 200: Type.Ref('DetectorList'), ...errorResponses },
      },
    },
    async () => list,
  );
};
