// Signed-in devices for Gateway tests. Until device sign-in itself is exercised end to end, a test signs a
// machine in the way the token endpoint would leave it: a developer invited and accepted over the API,
// a device and its session written to the store, and the device token sealed with the instance's own
// master key (the same codec the token endpoint uses).
import { createDeviceTokenCodec } from '../../src/identity/device-token.ts';
import type { ApiClient } from './api-client.ts';
import { addDeveloper, insertDevice, insertSession } from './people.ts';
import type { TestServer } from './server.ts';

export interface SignedInDevice {
  developerId: string;
  email: string;
  deviceId: string;
  deviceName: string;
  sessionId: string;
  /** The ghdt_ device token. */
  token: string;
}

export interface DeviceOptions {
  deviceName?: string;
  /** Epoch ms; an hour from now unless given. */
  sessionExpiresAt?: number;
  /** Epoch ms; the session's expiry unless given (as the token endpoint issues it). */
  tokenExpiresAt?: number;
}

/** A device token for a new session of `developerId` on a new device. */
export async function addDevice(
  server: TestServer,
  developerId: string,
  email: string,
  options: DeviceOptions = {},
): Promise<SignedInDevice> {
  const deviceName = options.deviceName ?? `laptop-${Math.random().toString(36).slice(2, 8)}`;
  const sessionExpiresAt = options.sessionExpiresAt ?? Date.now() + 3600_000;
  const deviceId = await insertDevice(server, developerId, deviceName);
  const sessionId = await insertSession(server, developerId, deviceId, sessionExpiresAt);
  const token = createDeviceTokenCodec(server.gatehouse.services.key).issue({
    sessionId,
    expiresAt: Math.floor((options.tokenExpiresAt ?? sessionExpiresAt) / 1000),
  });
  return { developerId, email, deviceId, deviceName, sessionId, token };
}

/** A developer (invited and accepted through the API) with one signed-in device. */
export async function signedInDevice(
  server: TestServer,
  admin: ApiClient,
  email: string,
  options: DeviceOptions = {},
): Promise<SignedInDevice> {
  const developerId = await addDeveloper(server, admin, email);
  return addDevice(server, developerId, email, options);
}
