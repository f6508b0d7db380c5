// The scale suite's activity rows, made fast but exactly as the writer makes them. toRow (the
// activity store's) costs ~10 µs a row, most of it serialising the record: at 10,000,000 rows that
// alone is minutes. Records that differ only in their id, time, request id and token counts serialise
// alike, so each such shape is serialised once, by toRow itself, with marker values, and later rows
// of that shape are the text around the markers with their own values put in. Every 1,000th row is
// also made by toRow and compared in full: a difference (a field toRow changed) stops the seeding.
import type { ActivityInput } from '../server/src/activity/activity-types.ts';
import { toRow, type ActivityRow } from '../server/src/activity/activity-store.ts';
import { newId } from '../server/src/crypto/tokens.ts';

const REQUEST = 'req_@marker@';
const INPUT = 987_654_301;
const OUTPUT = 987_654_302;
const EPOCH_ISO = new Date(0).toISOString();
const CHECK_EVERY = 1000;

interface Shape {
  row: ActivityRow;
  /** The record's text cut at the id, the time, the request id and the two token counts. */
  parts: string[];
  order: Array<'id' | 'time' | 'request' | 'input' | 'output'>;
}

function shapeOf(a: ActivityInput): Shape {
  const row = toRow({
    ...a,
    time: 0,
    requestId: REQUEST,
    inputTokens: a.inputTokens === null ? null : INPUT,
    outputTokens: a.outputTokens === null ? null : OUTPUT,
  });
  const markers: Array<[Shape['order'][number], string]> = [
    ['id', `"${row.id}"`],
    ['time', `"${EPOCH_ISO}"`],
    ['request', `"${REQUEST}"`],
    ['input', `:${INPUT}`],
    ['output', `:${OUTPUT}`],
  ];
  const found = markers
    .map(([name, text]) => ({ name, text, at: row.record.indexOf(text) }))
    .filter((m) => m.at >= 0)
    .sort((x, y) => x.at - y.at);
  const parts: string[] = [];
  let from = 0;
  for (const m of found) {
    parts.push(row.record.slice(from, m.at));
    from = m.at + m.text.length;
  }
  parts.push(row.record.slice(from));
  return { row, parts, order: found.map((m) => m.name) };
}

/** A maker of activity rows: the same as toRow's, checked against it every 1,000th row. */
export function activityRows(): (a: ActivityInput) => ActivityRow {
  const shapes = new Map<string, Shape>();
  let made = 0;
  return (a) => {
    // Every other field of the input picks the shape (concatenated: a JSON.stringify of the input would
    // cost what toRow does).
    const { time, requestId, inputTokens, outputTokens } = a;
    const key = [
      a.actor?.type,
      a.actor?.id,
      a.actor?.name,
      a.device?.id,
      a.device?.name,
      a.tool,
      a.mode,
      a.userAgent,
      a.ip,
      a.provider,
      a.model,
      a.providerKeyId,
      a.operation,
      a.status,
      a.outcome,
      a.errorCode,
      a.signals.join(','),
      Object.entries(a.signalActions).join(','),
      inputTokens === null,
      outputTokens === null,
      a.cachedTokens,
      a.reasoningTokens,
      a.latencyUs,
      a.ttfbUs,
      a.stream,
      a.requestBytes,
      a.responseBytes,
      a.mcp?.source,
      a.mcp?.server,
      a.mcp?.method,
      a.mcp?.tool,
    ].join('\u0000');
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = shapeOf(a)));
    const id = newId('act');
    const values = {
      id: `"${id}"`,
      time: `"${new Date(time).toISOString()}"`,
      request: JSON.stringify(requestId),
      input: `:${inputTokens}`,
      output: `:${outputTokens}`,
    };
    let record = shape.parts[0]!;
    for (let i = 0; i < shape.order.length; i++) record += values[shape.order[i]!] + shape.parts[i + 1]!;
    const row: ActivityRow = {
      ...shape.row,
      id,
      time,
      request_id: requestId,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      record,
    };
    if (made++ % CHECK_EVERY === 0) {
      const real = toRow(a);
      const expected = JSON.stringify({ ...real, id, record: real.record.replace(real.id, id) });
      if (JSON.stringify(row) !== expected)
        throw new Error(`the seeded row differs from toRow's:\n${JSON.stringify(row)}\n${expected}`);
    }
    return row;
  };
}
