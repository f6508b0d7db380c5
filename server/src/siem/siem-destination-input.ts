// A destination as an admin gives it, checked: each refusal a sentence naming the field and what would
// do. Which transport and format a destination is sent with is destination-wiring.ts's answer.
import { parseSyslogUrl } from './transports/syslog.ts';
import { ApiError } from '../errors.ts';
import {
  SIEM_DESTINATION_TYPES,
  SIEM_FORMATS,
  SIEM_STREAMS,
  type SiemDestinationType,
  type SiemFormat,
  type SiemStream,
} from './siem-contract.ts';

export interface DestinationInput {
  name: string;
  type: SiemDestinationType;
  url: string;
  format: SiemFormat;
  streams: SiemStream[];
  enabled?: boolean | undefined;
  token?: string | null | undefined;
  secret?: string | null | undefined;
  tls_ca?: string | null | undefined;
}

export type DestinationPatch = Partial<DestinationInput>;

export interface CheckedDestination {
  name: string;
  type: SiemDestinationType;
  url: string;
  format: SiemFormat;
  streams: SiemStream[];
  enabled: boolean;
  token: string | null;
  secret: string | null;
  tlsCa: string | null;
}

export const SECRET_MIN_LENGTH = 16;
const bad = (message: string, field: string) => new ApiError('invalid_request', message, {}, `body.${field}`);

function checkUrl(type: SiemDestinationType, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad(`url "${value.slice(0, 100)}" is not a URL such as https://splunk.example.com:8088.`, 'url');
  }
  const schemes = type === 'syslog' ? ['tcp:', 'tls:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol))
    throw bad(
      type === 'syslog'
        ? 'url of a syslog destination must be tls://host:port (or tcp://host:port on a private network).'
        : 'url must start with https:// (or http:// for a receiver on a private network).',
      'url',
    );
  if (type === 'syslog') {
    try {
      parseSyslogUrl(value);
    } catch (err) {
      throw bad((err as Error).message, 'url');
    }
  }
  if (url.username || url.password)
    throw bad(
      'url must not carry a user name or password; give the token or secret in their own fields.',
      'url',
    );
  if (url.search || url.hash)
    throw bad(
      'url must not carry a query string or fragment; give the token or secret in their own fields.',
      'url',
    );
  return url.toString();
}

/** `input` is the whole destination after a change; `given` what the request itself carried. */
export function checkDestination(
  input: DestinationInput,
  given: DestinationPatch = input,
): CheckedDestination {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100)
    throw bad('name must be 1 to 100 characters, e.g. "Splunk (production)".', 'name');
  if (!SIEM_DESTINATION_TYPES.includes(input.type))
    throw bad(`type must be one of ${SIEM_DESTINATION_TYPES.join(', ')}.`, 'type');
  if (!SIEM_FORMATS.includes(input.format))
    throw bad(`format must be one of ${SIEM_FORMATS.join(', ')}.`, 'format');
  const streams = [...new Set(input.streams)];
  if (streams.length === 0 || streams.some((s) => !SIEM_STREAMS.includes(s)))
    throw bad(`streams must name at least one of ${SIEM_STREAMS.join(', ')}.`, 'streams');
  if (streams.length !== input.streams.length) throw bad('streams must not name a stream twice.', 'streams');
  const url = checkUrl(input.type, input.url);
  const token = input.token ?? null;
  const secret = input.secret ?? null;
  if (input.type === 'splunk_hec' && !token)
    throw new ApiError(
      'secret_required',
      'A Splunk HEC destination needs its HEC token in "token" (Settings › Data inputs › HTTP Event Collector in Splunk).',
      {},
      'body.token',
    );
  if (input.type === 'webhook' && (!secret || secret.length < SECRET_MIN_LENGTH))
    throw new ApiError(
      'secret_required',
      `A webhook destination needs a signing "secret" of at least ${SECRET_MIN_LENGTH} characters, shared with the receiver, which checks each batch's signature with it.`,
      {},
      'body.secret',
    );
  if (given.tls_ca && input.type !== 'syslog')
    throw bad(
      'tls_ca is for a syslog receiver over TLS; an HTTPS receiver is checked against the system CAs.',
      'tls_ca',
    );
  const tlsCa = input.tls_ca ?? null;
  if (
    tlsCa !== null &&
    !/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\s*$/.test(tlsCa.trim() + '\n')
  )
    throw bad('tls_ca must be one or more PEM certificates (-----BEGIN CERTIFICATE----- …).', 'tls_ca');
  return {
    name,
    type: input.type,
    url,
    format: input.format,
    streams,
    enabled: input.enabled ?? true,
    token,
    secret,
    tlsCa,
  };
}
