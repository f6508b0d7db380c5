// A developer answers a device sign-in: looks the user code up (what device, from where, until when),
// then approves or denies it. Their own console session only; an answer by another developer is to
// them an unknown code (docs/decisions/device-sign-in.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DeviceAuthorizationService } from '../identity/device-authorization-service.ts';
import { originOf } from '../http/origin.ts';
import type { Principal } from '../http/fastify-types.ts';
import type { Developer } from '../identity/developer-types.ts';
import { Timestamp, errorResponses } from './schemas.ts';

/** As people type it: upper or lower case, with or without the dash; checked after normalising. */
export const UserCode = Type.String({
  minLength: 1,
  maxLength: 32,
  description: 'The code the device shows, e.g. BCDF-GHJK; case, dashes and spaces do not matter.',
});

const Nullable = Type.Union([Type.String(), Type.Null()]);
const Authorization = Type.Object({
  user_code: Type.String(),
  status: Type.Enum(['pending', 'approved', 'denied', 'signed_in'], {
    description: 'signed_in: the device has exchanged its code for tokens.',
  }),
  device_name: Nullable,
  platform: Nullable,
  client_version: Nullable,
  ip: Type.Union([Type.String(), Type.Null()], { description: 'The address the device asked from.' }),
  requested_at: Timestamp,
  expires_at: Timestamp,
});

function developerOf(p: Principal | undefined): Developer {
  if (p?.kind !== 'developer') throw new Error('unreachable: developer routes admit developer sessions only');
  return p.session.developer;
}

export const developerDeviceRoutes: FastifyPluginAsyncTypebox<{
  deviceAuthorizations: DeviceAuthorizationService;
}> = async (app, { deviceAuthorizations }) => {
  const tags = ['developer'];
  const access = { developer: true } as const;
  const params = Type.Object({ user_code: UserCode });
  const response = {
    200: Authorization,
    ...errorResponses,
    404: Type.Ref('Error'),
    409: Type.Ref('Error'),
    410: Type.Ref('Error'),
  };

  app.get(
    '/developer/device-authorizations/:user_code',
    {
      config: { access },
      schema: {
        operationId: 'getDeviceAuthorization',
        tags,
        summary: 'What a user code is asking for: the device, the address it asked from, and until when',
        params,
        response,
      },
    },
    async (request) =>
      deviceAuthorizations.inspect(
        request.params.user_code,
        developerOf(request.principal),
        originOf(request),
      ),
  );

  for (const decision of ['approve', 'deny'] as const) {
    app.post(
      `/developer/device-authorizations/:user_code/${decision}`,
      {
        config: { access },
        schema: {
          operationId: decision === 'approve' ? 'approveDeviceAuthorization' : 'denyDeviceAuthorization',
          tags,
          summary:
            decision === 'approve'
              ? "Approve a device sign-in: the device's next poll gets its tokens"
              : "Deny a device sign-in: the device's next poll gets access_denied",
          description:
            'Answering the same way twice answers as the first time did; the other way round is a 409.',
          params,
          response,
        },
      },
      async (request) =>
        deviceAuthorizations.decide(
          request.params.user_code,
          developerOf(request.principal),
          decision,
          originOf(request),
        ),
    );
  }
};
