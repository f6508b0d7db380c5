// Device authorization requests (RFC 8628 §3.1–3.3): a device asks for a code pair, and a developer
// signed in to the console looks the user code up and approves or denies it. Polling for the outcome is
// the device_code grant's work (oauth/device-code.ts). Wrong user codes count against the caller's
// address like failed sign-ins, so that the 20^8 codes cannot be walked.
import type { Store } from '../store/database.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { ApiError } from '../errors.ts';
import { SECRET_PREFIX, newId, newSecret, sha256Hex } from '../crypto/tokens.ts';
import { isUniqueViolation } from '../store/constraints.ts';
import type { Origin } from './admin-service.ts';
import type { Developer } from './developer-types.ts';
import type { FailureLimiter } from './failure-limiter.ts';
import { formatUserCode, newUserCode, normaliseUserCode } from './user-code.ts';
import {
  decideAuthorization,
  findByUserCode,
  insertAuthorization,
  sweepAuthorizations,
  type AuthorizationRow,
} from './device-authorization-store.ts';
import { plural } from '../../../shared/plural.ts';

/** RFC 8628 §3.2: how long the codes live, and the least wait between two polls. */
export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;

export interface AuthorizationRequest {
  clientId: string;
  scope: string;
  deviceName: string | null;
  platform: string | null;
  clientVersion: string | null;
}

export interface StartedAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export type AuthorizationStatus = 'pending' | 'approved' | 'denied' | 'signed_in';

/** What the approval page shows: the device asking, from where, and until when. */
export interface AuthorizationView {
  user_code: string;
  status: AuthorizationStatus;
  device_name: string | null;
  platform: string | null;
  client_version: string | null;
  ip: string | null;
  requested_at: string;
  expires_at: string;
}

export interface DeviceAuthorizationService {
  start(request: AuthorizationRequest, origin: Origin): Promise<StartedAuthorization>;
  /** The request a user code names, for this developer: 404 when it names none (or another's). */
  inspect(userCode: string, developer: Developer, origin: Origin): Promise<AuthorizationView>;
  decide(
    userCode: string,
    developer: Developer,
    decision: 'approve' | 'deny',
    origin: Origin,
    via?: 'access_request',
  ): Promise<AuthorizationView>;
  /** The live, undecided request a user code names, before anyone is signed in (asking for access). */
  pendingByUserCode(userCode: string, origin: Origin): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createDeviceAuthorizationService(deps: {
  store: Store;
  audit: AuditLog;
  /** The console's address as people reach it (the verification URI). */
  publicUrl: () => string;
  /** Failed attempts per address, shared with developers' sign-in. */
  attempts: FailureLimiter;
}): DeviceAuthorizationService {
  const { store, audit, attempts } = deps;

  function view(row: AuthorizationRow, code: string): AuthorizationView {
    return {
      user_code: formatUserCode(code),
      status: row.status === 'exchanged' ? 'signed_in' : row.status,
      device_name: row.device_name,
      platform: row.platform,
      client_version: row.client_version,
      ip: row.ip,
      requested_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
    };
  }

  /** The row a typed user code names, after the caller's address is let in; a miss counts against it. */
  async function lookUp(input: string, developer: Developer | null, origin: Origin) {
    const address = { address: origin.ip };
    const { wait } = await attempts.check(address);
    if (wait > 0) {
      throw new ApiError(
        'too_many_requests',
        `Too many wrong codes or sign-ins; try again in ${plural(wait, 'second')}.`,
        {
          'retry-after': String(wait),
        },
      );
    }
    const code = normaliseUserCode(input);
    if (!code)
      throw new ApiError(
        'invalid_request',
        'A code is eight letters such as BCDF-GHJK, as your terminal shows it after "gatehouse-client login".',
      );
    const row = await findByUserCode(store.db, sha256Hex(code));
    // Another developer's decision is none of this one's business: to them it is an unknown code.
    if (!row || (developer && row.developer_id !== null && row.developer_id !== developer.id)) {
      await attempts.fail(address);
      throw new ApiError(
        'not_found',
        `No sign-in request has the code ${formatUserCode(code)}; check the code your terminal shows, or run "gatehouse-client login" again.`,
      );
    }
    return { row, code };
  }

  const expired = (row: AuthorizationRow) =>
    new ApiError(
      'gone',
      `This code expired at ${iso(row.expires_at)}; run "gatehouse-client login" again for a new one.`,
    );

  const decide: DeviceAuthorizationService['decide'] = async (userCode, developer, decision, origin, via) => {
    const { row, code } = await lookUp(userCode, developer, origin);
    const wanted = decision === 'approve' ? 'approved' : 'denied';
    const now = Date.now();
    if (row.status === 'pending') {
      if (row.expires_at <= now) throw expired(row);
      const decided = await store.db.transaction().execute(async (trx) => {
        if (!(await decideAuthorization(trx, row.id, developer.id, wanted, now))) return false;
        await audit.inTransaction(trx, {
          action: `device.authorization_${wanted}`,
          actor: { type: 'developer', id: developer.id, name: developer.email },
          target: { type: 'device_authorization', id: row.id, name: row.device_name },
          ip: origin.ip,
          userAgent: origin.userAgent,
          requestId: origin.requestId,
          outcome: 'success',
          details: {
            device_name: row.device_name,
            platform: row.platform,
            client_version: row.client_version,
            requested_from: row.ip,
            ...(via ? { via } : {}),
          },
        });
        return true;
      });
      if (decided) return view({ ...row, status: wanted, developer_id: developer.id, decided_at: now }, code);
      // Someone answered it a moment ago (this developer in another tab, most likely): say what stands.
      return decide(userCode, developer, decision, origin, via);
    }
    const same = row.status === wanted || (row.status === 'exchanged' && wanted === 'approved');
    if (same) return view(row, code);
    throw new ApiError(
      'conflict',
      row.status === 'denied'
        ? 'You denied this sign-in already; run "gatehouse-client login" again on the device to start over.'
        : 'You approved this sign-in already; to undo it, sign the device out or ask an admin to revoke it.',
    );
  };

  return {
    decide,
    async start(request, origin) {
      const now = Date.now();
      await sweepAuthorizations(store.db, now);
      const deviceCode = newSecret(SECRET_PREFIX.deviceCode);
      // A user code may clash with a live one (one chance in billions): draw again.
      for (let attempt = 0; ; attempt++) {
        const userCode = newUserCode();
        try {
          await insertAuthorization(store.db, {
            id: newId('dva'),
            device_code_hash: sha256Hex(deviceCode),
            user_code_hash: sha256Hex(userCode),
            client_id: request.clientId,
            scope: request.scope,
            device_name: request.deviceName,
            platform: request.platform,
            client_version: request.clientVersion,
            ip: origin.ip,
            user_agent: origin.userAgent,
            created_at: now,
            expires_at: now + DEVICE_CODE_TTL_SECONDS * 1000,
            interval_seconds: POLL_INTERVAL_SECONDS,
            last_polled_at: null,
            status: 'pending',
            developer_id: null,
            decided_at: null,
            device_id: null,
          });
        } catch (err) {
          if (attempt < 3 && isUniqueViolation(err)) continue;
          throw err;
        }
        const base = `${deps.publicUrl()}/console/device`;
        const shown = formatUserCode(userCode);
        return {
          device_code: deviceCode,
          user_code: shown,
          verification_uri: base,
          verification_uri_complete: `${base}?user_code=${shown}`,
          expires_in: DEVICE_CODE_TTL_SECONDS,
          interval: POLL_INTERVAL_SECONDS,
        };
      }
    },

    async inspect(userCode, developer, origin) {
      const { row, code } = await lookUp(userCode, developer, origin);
      if (row.status === 'pending' && row.expires_at <= Date.now()) throw expired(row);
      return view(row, code);
    },

    async pendingByUserCode(userCode, origin) {
      const { row } = await lookUp(userCode, null, origin);
      if (row.status !== 'pending')
        throw new ApiError(
          'conflict',
          'This code has been answered already; run "gatehouse-client login" again for a new one.',
        );
      if (row.expires_at <= Date.now()) throw expired(row);
    },
  };
}
