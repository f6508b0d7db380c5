// One record as an RFC 5424 syslog message, framed by octet counting (RFC 6587 §3.4.1, the framing
// RFC 5425 prescribes over TLS): `<len> <PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID SD MSG`.
// Facility 13 (log audit); the severity is the record's level; MSGID is the stream; MSG is the
// formatted record (a JSON object serialised or a CEF line) in UTF-8, after the BOM RFC 5424 §6.4 asks
// for when MSG is UTF-8.
import type { ExportRecord, Formatted } from '../siem-contract.ts';
import { levelOf, PRODUCT_VERSION, SYSLOG_SEVERITY } from '../formats/level.ts';

/** log audit (RFC 5424 table 1): what audit trails are; authpriv is routed to hosts' own secure logs. */
export const SYSLOG_FACILITY = 13;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const NIL = '-';

/** A header field: printable US-ASCII only (RFC 5424 PRINTUSASCII), at most `max` characters, else `-`. */
export function headerToken(value: string, max: number): string {
  const printable = value.replace(/[^\x21-\x7e]/g, '_').slice(0, max);
  return printable === '' ? NIL : printable;
}

/** An SD-PARAM value: `"`, `\` and `]` escaped (RFC 5424 §6.3.3). */
function paramValue(value: string): string {
  return value.replace(/["\\\]]/g, (c) => `\\${c}`);
}

/** `origin` is an IANA-registered SD-ID (RFC 5424 §7.2): which software sent the message. */
const STRUCTURED_DATA = `[origin software="Gatehouse" swVersion="${paramValue(PRODUCT_VERSION)}"]`;

function timestamp(time: string): string {
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : NIL;
}

export interface SyslogIdentity {
  hostname: string;
  appName: string;
  procId: string;
}

/** The message's bytes, without the frame's length. */
export function syslogMessage(record: ExportRecord, formatted: Formatted, who: SyslogIdentity): Buffer {
  const pri = SYSLOG_FACILITY * 8 + SYSLOG_SEVERITY[levelOf(record)];
  const header =
    `<${pri}>1 ${timestamp(record.time)} ${headerToken(who.hostname, 255)} ${headerToken(who.appName, 48)} ` +
    `${headerToken(who.procId, 128)} ${headerToken(record.stream, 32)} ${STRUCTURED_DATA} `;
  const body = formatted.kind === 'json' ? JSON.stringify(formatted.value) : formatted.value;
  return Buffer.concat([Buffer.from(header, 'ascii'), BOM, Buffer.from(body, 'utf8')]);
}

/** RFC 6587 octet counting: the message's length in bytes, a space, the message. */
export function octetCountedFrame(message: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${message.length} `, 'ascii'), message]);
}
