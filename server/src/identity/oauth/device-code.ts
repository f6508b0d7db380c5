// RFC 8628 §3.4–3.5: the device polls with its device code until the developer has answered in the
// console. Not yet answered (or approved by an account an admin has yet to approve): authorization_pending;
// polled sooner than the interval: slow_down, and the interval grows by 5 s; the ten minutes over or the
// code used: expired_token; denied, or the developer offboarded: access_denied. Approved by an active
// developer: the device and its session are made, and the tokens handed out (device-sessions.ts).
import type { FastifyRequest } from 'fastify';
import type { Store } from '../../store/database.ts';
import { originOf } from '../../http/origin.ts';
import { SECRET_PREFIX, sha256Hex } from '../../crypto/tokens.ts';
import { findDeveloper } from '../developer-store.ts';
import { findByDeviceCode, recordPoll } from '../device-authorization-store.ts';
import type { DeviceSessions } from '../device-sessions.ts';
import type { PublicGrant } from './grant.ts';
import {
  accessDenied,
  authorizationPending,
  expiredToken,
  invalidGrant,
  invalidRequest,
  slowDown,
} from './oauth-errors.ts';
import { plural } from '../../../../shared/plural.ts';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const SLOW_DOWN_STEP_SECONDS = 5;
const START_AGAIN = 'start the sign-in again ("gatehouse-client login")';

export function deviceCodeGrant(deps: {
  store: Store;
  sessions: DeviceSessions;
  gatewayUrl: (request: FastifyRequest) => string;
}): PublicGrant {
  const { store, sessions } = deps;
  return {
    grantType: DEVICE_CODE_GRANT,
    parameters: ['device_code'],
    client: 'public',
    async handler({ request, params, clientId }) {
      const code = params.get('device_code');
      if (code === undefined)
        throw invalidRequest('device_code is missing; send the one /api/oauth/device_authorization gave.');
      const row =
        code.startsWith(SECRET_PREFIX.deviceCode) && code.length <= 128
          ? await findByDeviceCode(store.db, sha256Hex(code))
          : undefined;
      if (!row || row.client_id !== clientId)
        throw invalidGrant(`This device code is not known; ${START_AGAIN}.`);
      const now = Date.now();
      if (row.status === 'exchanged')
        throw expiredToken(`This device code has been exchanged for tokens already; ${START_AGAIN}.`);
      if (row.expires_at <= now)
        throw expiredToken(`The device code expired (codes last ten minutes); ${START_AGAIN}.`);
      if (row.status === 'denied') throw accessDenied('The sign-in was denied in the console.');

      const developer =
        row.developer_id === null ? undefined : await findDeveloper(store.db, row.developer_id);
      if (developer?.status === 'offboarded')
        throw accessDenied('The account was offboarded; ask an admin to invite you again.');
      if (row.status === 'approved' && developer?.status === 'active')
        return sessions.signIn(row, developer.id, originOf(request), deps.gatewayUrl(request));

      // Still waiting. A poll sooner than the interval after the last one is told to slow down, and
      // the interval of this code grows (RFC 8628 §3.5); a racing poll of the same code is one too.
      const early = row.last_polled_at !== null && now - row.last_polled_at < row.interval_seconds * 1000;
      const interval = early ? row.interval_seconds + SLOW_DOWN_STEP_SECONDS : row.interval_seconds;
      if (!(await recordPoll(store.db, row, now, interval)) || early)
        throw slowDown(`Polled too often; wait ${plural(interval, 'second')} between polls.`);
      if (row.status === 'approved')
        throw authorizationPending(
          `Approved by ${developer?.email ?? 'the developer'}, whose account waits for an admin's approval; ` +
            'keep polling: the device signs in once an admin approves the account.',
        );
      throw authorizationPending('Waiting for the code to be approved in the console.');
    },
  };
}
