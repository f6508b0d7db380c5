// Reading a record's loosely typed parts (an audit event's details, a value a newer writer added) into
// text without ever throwing: the formatters must shape whatever a log holds.
import { isIP } from 'node:net';

/** A string as it is, a number or boolean as text; anything else (objects, null) absent. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** JSON text of a value, or absent when it is empty or cannot be serialised (a cycle, a BigInt). */
export function json(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object' && Object.keys(value).length === 0) return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Epoch milliseconds of an RFC 3339 time, or absent when it is not one. */
export function epochMs(time: unknown): number | undefined {
  if (typeof time !== 'string') return undefined;
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? ms : undefined;
}

/** An IPv4 or IPv6 address as it is; anything else absent (a destination's IP field takes only those). */
export function ipAddress(value: unknown): string | undefined {
  return typeof value === 'string' && isIP(value) !== 0 ? value : undefined;
}
