// The pieces the policy document's schema and its detectors' settings share: the bounds, an action, a
// regular expression, a note, and the error that names a field. Imports only the shared vocabulary,
// so that detector modules can use it without importing the document's schema (which imports them).
import { Type } from 'typebox';
import { ApiError } from '../errors.ts';
import { ACTIONS } from '../../../shared/policy-terms.ts';
import { MAX_PATTERN_LENGTH } from './detectors/regex-safety.ts';

export const LIMITS = {
  customRules: 200,
  keywords: 200,
  keywordLength: 200,
  patternLength: MAX_PATTERN_LENGTH,
  allowlist: 1000,
  allowValueLength: 4096,
  noteLength: 500,
  tools: 100,
  toolNameLength: 100,
  mcpServers: 200,
  mcpToolRules: 500,
} as const;

export const ActionSchema = Type.Enum([...ACTIONS], {
  description: 'block: refuse the request; redact: replace the match; alert: record only; off: ignore.',
});

export const PatternSchema = Type.String({
  minLength: 1,
  maxLength: LIMITS.patternLength,
  description: 'A regular expression in JavaScript syntax, without slashes or flags.',
});

export const NoteSchema = Type.String({ maxLength: LIMITS.noteLength });

/** What a schema cannot check, refused with the field's path: `detectors.custom[2].pattern: …`. */
export const invalidField = (path: string, problem: string) =>
  new ApiError('invalid_request', `${path}: ${problem}`);
