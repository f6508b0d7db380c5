// CEF's text rules (ArcSight CEF 25, "Character encoding"): in the header a backslash and a pipe are
// escaped and nothing may break the line; in the extension a backslash and an equal sign are escaped,
// a pipe is not, and a newline or a carriage return is written as the two characters `\n` or `\r`.
// Every value is capped at its key's length in the CEF dictionary before it is escaped, so that an
// escape is never cut in two (docs/decisions/siem-formats.md, CEF).

/** What the CEF dictionary allows each key we write, in characters; keys not listed: 1023. */
const EXTENSION_CAPS: Readonly<Record<string, number>> = {
  act: 63,
  outcome: 63,
  externalId: 40,
  cs1: 4000,
  cs2: 4000,
  cs3: 4000,
  cs4: 4000,
  cs5: 4000,
  cs6: 4000,
};
const DEFAULT_CAP = 1023;

export const HEADER_CAPS = { vendor: 63, product: 63, version: 31, signatureId: 1023, name: 512 } as const;

// C0 controls but TAB, LF and CR, DEL and the C1 controls: nothing a SIEM's parser expects in a value.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// A UTF-16 surrogate without its partner cannot be written as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** At most `max` UTF-16 units, never ending between the two halves of a character outside the BMP. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function clean(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd').replace(CONTROLS, '\ufffd');
}

/** A header field: capped, its line breaks and tabs made spaces, `\` and `|` escaped. */
export function headerField(value: string, max: number): string {
  return cap(clean(value), max)
    .replace(/[\r\n\t]/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|');
}

/** An extension value: capped at its key's length, `\` and `=` escaped, CR and LF written as `\r`, `\n`. */
export function extensionValue(key: string, value: string): string {
  return cap(clean(value), EXTENSION_CAPS[key] ?? DEFAULT_CAP).replace(/[\\=\r\n]/g, (c) =>
    c === '\\' ? '\\\\' : c === '=' ? '\\=' : c === '\n' ? '\\n' : '\\r',
  );
}

export type ExtensionValue = string | number | null | undefined;

/** `key=value` pairs separated by spaces, in the given order; empty and absent values left out. */
export function extension(pairs: ReadonlyArray<readonly [string, ExtensionValue]>): string {
  const out: string[] = [];
  for (const [key, value] of pairs) {
    if (value === null || value === undefined || value === '') continue;
    const text =
      typeof value === 'number' ? (Number.isFinite(value) ? String(Math.trunc(value)) : '') : value;
    if (text === '') continue;
    out.push(`${key}=${extensionValue(key, String(text))}`);
  }
  return out.join(' ');
}
