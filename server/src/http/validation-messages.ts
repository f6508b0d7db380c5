// Fastify's schema validation errors (ajv's) told as a sentence a person can act on: "email must be an
// e-mail address such as ana@example.com.", not `body.email must match pattern "^[^\s@]+@[^\s@]+$"`.
// The machine-readable path (`body.email`) goes beside the sentence, in the error body's `field`.
//
// A pattern says nothing to a person, so a schema with one says in words what it expects with
// `[EXPECTS]: '…'` (`x-expects`, an OpenAPI extension keyword, declared to ajv in fastify-options.ts),
// written where the pattern is.
import { plural } from '../../../shared/plural.ts';

/** The keyword a schema with a `pattern` (or a `format`) uses to say what it expects, in words. */
export const EXPECTS = 'x-expects';

export interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** With ajv's `verbose`: the schema that holds the failed keyword. */
  parentSchema?: { properties?: Record<string, unknown>; [EXPECTS]?: string };
}

export interface Described {
  message: string;
  /** Where the problem is, for a program: `body.email`, `body.detectors.custom[0].id`, `querystring.limit`. */
  field: string;
}

// Patterns whose meaning is plain whatever the field: written once here rather than at each use.
const PLAIN_PATTERNS: Record<string, string> = {
  '\\S': 'not be blank',
  '^\\S+$': 'not contain spaces',
};

const FORMATS: Record<string, string> = {
  'date-time': 'a date and time such as 2026-01-31T09:00:00Z',
  date: 'a day such as 2026-01-31',
  email: 'an e-mail address such as ana@example.com',
  uri: 'an address such as https://example.com',
};

const WHERE: Record<string, string> = {
  querystring: 'the query parameter ',
  params: 'the path parameter ',
  headers: 'the header ',
};

/** `detectors.custom[0].id` from `/detectors/custom/0/id`. */
function dotted(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/** `; the fields it may have are a, b, c` from an object's schema, or nothing when it has no named fields. */
function knownFields(e: AjvError): string {
  const names = Object.keys(e.parentSchema?.properties ?? {});
  if (names.length === 0) return '';
  return `; the fields it may have are ${names.slice(0, 30).join(', ')}${names.length > 30 ? ', …' : ''}`;
}

/** What the value must be, as the end of "… must …"; null when the keyword is not one of ours. */
function requirement(e: AjvError): string | null {
  const limit = Number(e.params.limit);
  switch (e.keyword) {
    case 'enum':
      return `be one of: ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `be ${JSON.stringify(e.params.allowedValue)}`;
    case 'maxLength':
      return `be at most ${plural(limit, 'character')} long`;
    case 'minLength':
      return limit === 1 ? 'not be empty' : `be at least ${plural(limit, 'character')} long`;
    case 'maxItems':
      return `hold at most ${plural(limit, 'entry', 'entries')}`;
    case 'minItems':
      return limit === 1 ? 'hold at least one entry' : `hold at least ${plural(limit, 'entry', 'entries')}`;
    case 'maxProperties':
      return `hold at most ${plural(limit, 'entry', 'entries')}`;
    case 'minimum':
      return `be ${String(e.params.limit)} or more`;
    case 'maximum':
      return `be ${String(e.params.limit)} or less`;
    case 'exclusiveMinimum':
      return `be more than ${String(e.params.limit)}`;
    case 'exclusiveMaximum':
      return `be less than ${String(e.params.limit)}`;
    case 'multipleOf':
      return `be a multiple of ${String(e.params.multipleOf)}`;
    case 'uniqueItems':
      return 'not list the same entry twice';
    case 'type':
      return `be ${typeWords(String(e.params.type))}`;
    case 'pattern': {
      const words = e.parentSchema?.[EXPECTS];
      if (words) return `be ${words}`;
      const plain = PLAIN_PATTERNS[String(e.params.pattern)];
      return plain ?? null;
    }
    case 'format': {
      const words = e.parentSchema?.[EXPECTS] ?? FORMATS[String(e.params.format)];
      return words ? `be ${words}` : null;
    }
    default:
      return null;
  }
}

function typeWords(type: string): string {
  const first = type.split(',')[0]!;
  const words: Record<string, string> = {
    string: 'text',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'null',
  };
  return words[first] ?? `of type ${type}`;
}

/** One sentence for the first validation failure, and the path of the field it is about. */
export function describeValidation(errors: AjvError[], context: string | undefined): Described {
  const e = errors[0];
  const where = context ?? 'body';
  if (!e) return { message: 'The request is not valid.', field: where };
  const missing = e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
  const path = dotted(e.instancePath, missing);
  const field = path ? `${where}.${path}` : where;
  const prefix = WHERE[where] ?? '';
  const name = path
    ? `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)}${path}`
    : where === 'body'
      ? 'The request body'
      : `The request's ${where}`;
  // A field's name starts the sentence as the API spells it (`private_scopes[2] must …`), uncapitalised,
  // so that a form can find it there and show the problem under that field.
  const sentence = (s: string) => ({ message: `${s}.`, field });

  if (missing) return sentence(`${name} is required`);
  if (e.keyword === 'additionalProperties') {
    const extra = String(e.params.additionalProperty).slice(0, 64);
    return sentence(`${name} has an unknown field "${extra}"${knownFields(e)}`);
  }
  const must = requirement(e);
  if (must) return sentence(`${name} must ${must}`);
  // A keyword without words of ours (anyOf, oneOf, an unannotated pattern): say which field, and that
  // the API reference has its form, rather than echo ajv's schema terms.
  return sentence(`${name} is not in the form it takes; see its description in /api/docs`);
}
