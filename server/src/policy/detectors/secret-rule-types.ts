// The two shapes a secret rule takes, so that each provider's rules read as data.
import type { Severity } from './detector-types.ts';

/**
 * A token that starts with a literal prefix (`ghp_`, `AKIA`, `sk-ant-`): the prefilter finds long
 * token runs once, looks their first two characters up, and only then runs the rule's pattern there.
 */
export interface TokenRule {
  id: string;
  severity: Severity;
  /** Case-sensitive literal starts, two characters or more: the prefilter's keys. */
  prefixes: readonly string[];
  /** The whole token from its first character (a RegExp source, no flags). */
  pattern: string;
  /** What may not follow the token (a RegExp class source); default: base64url characters. */
  boundary?: string;
  /** A check beyond the shape (a checksum, a decoded header): false drops the candidate. */
  verify?: (value: string) => boolean;
  /** Skips the placeholder check, for formats whose real values hold long runs (encoded zero bytes). */
  skipFakeCheck?: boolean;
}

/**
 * A token found from a literal in its middle (`AA` after the colon of a Telegram bot token, `Q~` of
 * an Azure client secret): `find` gets the literal's offset and returns the token's span, or null.
 * Choose a literal whose first character is rare: a string search costs what its first character's
 * frequency makes it cost.
 */
export interface AnchorRule {
  id: string;
  severity: Severity;
  anchor: string;
  find(text: string, at: number): [number, number] | null;
}

/** Characters that continue a base64url token: what may not follow a token that ends at a boundary. */
export const TOKEN_BOUNDARY = '[A-Za-z0-9_-]';
