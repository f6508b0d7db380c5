// The organisation's device settings: how long a device's session lasts. Read with users:read, changed
// with users:write (or an admin session); a change applies to sessions from their next refresh.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_SESSION_LIFETIME_DAYS, type DeviceSettings } from '../identity/device-settings.ts';
import { requestOrigin } from './request-origin.ts';
import { errorResponses } from './schemas.ts';

const Settings = Type.Object({
  session_lifetime_days: Type.Integer({
    minimum: 1,
    maximum: MAX_SESSION_LIFETIME_DAYS,
    description:
      'How long a signed-in device stays signed in without refreshing (default 30). Each refresh slides its ' +
      "session forward by this much; a change applies from each session's next refresh.",
  }),
});

export const deviceSettingsRoutes: FastifyPluginAsyncTypebox<{ deviceSettings: DeviceSettings }> = async (
  app,
  { deviceSettings },
) => {
  const tags = ['devices'];
  const current = () => ({ session_lifetime_days: deviceSettings.sessionLifetimeDays() });

  app.get(
    '/settings/devices',
    {
      config: { access: { role: 'viewer', scope: 'users:read' } },
      schema: {
        operationId: 'getDeviceSettings',
        tags,
        summary: 'Device settings: the session lifetime',
        response: { 200: Settings, ...errorResponses },
      },
    },
    async () => current(),
  );

  app.put(
    '/settings/devices',
    {
      config: { access: { role: 'admin', scope: 'users:write' } },
      schema: {
        operationId: 'setDeviceSettings',
        tags,
        summary: 'Change the device settings',
        body: Type.Object(Settings.properties, { additionalProperties: false }),
        response: { 200: Settings, ...errorResponses },
      },
    },
    async (request) => {
      await deviceSettings.setSessionLifetimeDays(request.body.session_lifetime_days, requestOrigin(request));
      return current();
    },
  );
};
