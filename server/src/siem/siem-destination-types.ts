// A SIEM destination as the exporter and the management API see it. Its token and secret are held
// opened only where they are needed (the transport); the API shows them masked.
import type { SiemDestinationType, SiemFormat, SiemStream } from './siem-contract.ts';

export interface SiemDestination {
  id: string;
  name: string;
  type: SiemDestinationType;
  url: string;
  format: SiemFormat;
  streams: SiemStream[];
  enabled: boolean;
  token: string | null;
  tokenLast4: string | null;
  secret: string | null;
  secretLast4: string | null;
  tlsCa: string | null;
  createdAt: number;
  updatedAt: number;
  lastSuccessAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
}

/** What a transport needs of its destination. */
export type DestinationConnection = Pick<
  SiemDestination,
  'id' | 'name' | 'url' | 'token' | 'secret' | 'tlsCa'
>;

/** The masked form of a secret: its last four characters only, and only when it is long enough. */
export function maskSecret(last4: string | null): string | null {
  if (last4 === null) return null;
  return `••••${last4}`;
}

export function lastFour(value: string): string {
  return value.length >= 12 ? value.slice(-4) : '';
}
