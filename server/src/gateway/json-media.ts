// Which strings of a JSON body are media the detectors need not read: the base64 payload of an image,
// a sound, a video, a PDF or an archive, where a text detector finds only noise and which is most of a
// request's bytes. Only a binary media type makes a payload media, and only a payload that is strictly
// base64: `{media_type: 'text/plain', data: '…'}` (an Anthropic text document), `{mimeType, data}` in
// a Gemini function response, or a data: URL of text are read like any other string. So is a short
// payload: no real image is under MIN_MEDIA characters, and a secret dressed as one would be.

/** Anthropic's media_type, Gemini's mimeType, and the snake_case some SDKs send. */
export const MEDIA_TYPE_KEYS = ['media_type', 'mimeType', 'mime_type'] as const;

const BINARY_MEDIA =
  /^(?:image\/(?!svg)|audio\/|video\/|font\/|application\/(?:pdf|octet-stream|zip|gzip|x-gzip|x-tar|x-7z-compressed|x-bzip2|x-xz|zstd|vnd\.rar|x-rar-compressed|wasm|msword|vnd\.ms-|vnd\.openxmlformats-|vnd\.oasis\.opendocument\.|x-protobuf|protobuf|x-parquet|vnd\.apache\.parquet)(?:[;+].*)?$)/i;

/** Standard or URL-safe base64, padded or not, with no white space: what a provider decodes. */
const STRICT_BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Shorter payloads are scanned whatever their type: scanning them costs nothing. */
export const MIN_MEDIA = 256;

export function isBinaryMediaType(type: string): boolean {
  return BINARY_MEDIA.test(type.trim());
}

/** Whether `value`, beside `mediaType`, is binary media the detectors may skip. */
export function isBinaryPayload(mediaType: string, value: string): boolean {
  return value.length >= MIN_MEDIA && isBinaryMediaType(mediaType) && STRICT_BASE64.test(value);
}

/** The media type of a record's media fields, or null when it has none. */
export function recordMediaType(record: Record<string, unknown>): string | null {
  for (const k of MEDIA_TYPE_KEYS) {
    const v = record[k];
    if (typeof v === 'string') return v;
  }
  return null;
}

/**
 * Whether a string is a data: URL of binary media with a strictly base64 payload (OpenAI's image_url
 * and input_audio, a file's file_data). Any other data: URL is text to scan.
 */
export function isBinaryDataUrl(s: string): boolean {
  if (!s.startsWith('data:')) return false;
  const comma = s.indexOf(',', 5);
  if (comma < 0 || comma > 200) return false;
  const header = s.slice(5, comma);
  if (!header.endsWith(';base64')) return false;
  const type = header.slice(0, header.indexOf(';'));
  return (
    s.length - comma - 1 >= MIN_MEDIA && isBinaryMediaType(type) && STRICT_BASE64.test(s.slice(comma + 1))
  );
}
