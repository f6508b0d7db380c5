// Device tokens: the Gateway credential of one signed-in device, sealed [session id, expiry] like
// access tokens. They carry gateway:invoke and nothing else. Whether the session, its device and its
// developer are still good is the device session cache's check, on every use
// (docs/decisions/device-sign-in.md).
import { SECRET_PREFIX } from '../crypto/tokens.ts';
import type { MasterKey } from '../crypto/master-key.ts';
import { createSealedTokenCodec, type SealedTokenCodec } from './sealed-token.ts';

export interface DeviceTokenClaims {
  sessionId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export type DeviceTokenCodec = SealedTokenCodec<DeviceTokenClaims>;

export function createDeviceTokenCodec(key: MasterKey): DeviceTokenCodec {
  return createSealedTokenCodec<DeviceTokenClaims>({
    key,
    purpose: 'device-token/v1',
    aad: 'gatehouse device token v1',
    prefix: SECRET_PREFIX.deviceToken,
    encode: (c) => [c.sessionId, c.expiresAt],
    decode: ([sessionId, expiresAt]) =>
      typeof sessionId === 'string' && typeof expiresAt === 'number' ? { sessionId, expiresAt } : null,
  });
}
