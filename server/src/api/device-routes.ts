// Devices: read with users:read, revoked with users:write (or an admin session). The list pages with the
// logs' cursor, in order of sign-in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DeviceService } from '../identity/device-service.ts';
import { DEVICE_STATUSES, deviceView } from '../identity/device-types.ts';
import { requestOrigin } from './request-origin.ts';
import { pagingQuery, pageSchema, readPaging, sendPage } from './log-paging.ts';
import { Id, SearchText, errorResponses } from './schemas.ts';
import { DeviceSchema } from './people-schemas.ts';

export const deviceRoutes: FastifyPluginAsyncTypebox<{ devices: DeviceService }> = async (
  app,
  { devices },
) => {
  app.addSchema(DeviceSchema);
  const tags = ['devices'];

  app.get(
    '/devices',
    {
      config: { access: { role: 'viewer', scope: 'users:read' } },
      schema: {
        operationId: 'listDevices',
        tags,
        summary: 'Devices in order of sign-in, after a cursor or newest first, by developer or status',
        description: 'since and until select by sign-in time.',
        querystring: Type.Object(
          {
            ...pagingQuery,
            developer_id: Type.Optional(Id),
            status: Type.Optional(Type.Enum([...DEVICE_STATUSES])),
            q: Type.Optional(
              SearchText(
                'Part of the device’s name or its developer’s e-mail address (any case), or the exact id.',
              ),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: pageSchema('devices', Type.Ref('Device')),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paging = readPaging(q);
      const page = await devices.list({
        ...paging,
        developerId: q.developer_id,
        status: q.status,
        text: q.q,
      });
      return sendPage(reply, 'devices', page, paging);
    },
  );

  app.post(
    '/devices/:id/revoke',
    {
      config: { access: { role: 'admin', scope: 'users:write' } },
      schema: {
        operationId: 'revokeDevice',
        tags,
        summary: 'Revoke a device and its sessions, permanently; the machine must sign in again',
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('Device'), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request) => deviceView(await devices.revoke(request.params.id, requestOrigin(request))),
  );
};
