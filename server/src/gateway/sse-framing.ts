// The framing of Server-Sent Events as the policy's stream guard reads and rewrites them: where an
// event ends, its data, and the event written again around new data with its other fields and line
// ends as the provider sent them.

/** The blank line that ends an SSE event (any of the three line ends); searched with lastIndex. */
export const EVENT_END = /\r?\n\r?\n|\r\r/g;

/** The data of an SSE event: its `data:` lines joined by newlines, or undefined when it has none. */
export function dataOf(raw: string): string | undefined {
  let data: string | undefined;
  for (const line of raw.split(/\r\n|\r|\n/)) {
    if (!line.startsWith('data:')) continue;
    const value = line.slice(line.charCodeAt(5) === 32 ? 6 : 5);
    data = data === undefined ? value : `${data}\n${value}`;
  }
  return data;
}

/**
 * The event with its data replaced by `data` serialised again; its other fields and line ends as they
 * were. The guard has checked `data`'s depth (json-limits.ts), so JSON.stringify cannot overflow here.
 */
export function reserialise(raw: string, data: unknown): string {
  const nl = newlineOf(raw);
  const lines = raw.split(/\r\n|\r|\n/).filter((l) => l !== '' && !l.startsWith('data:'));
  return `${lines.map((l) => `${l}${nl}`).join('')}data: ${JSON.stringify(data)}${nl}${nl}`;
}

/** The line end an event uses (Gemini's are CRLF), for events written in its place or beside it. */
const newlineOf = (raw: string) => /\r\n|\r|\n/.exec(raw)?.[0] ?? '\n';
