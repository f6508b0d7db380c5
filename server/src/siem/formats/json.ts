// The json format: the record exactly as the pull API serves it, under `doc`, with the export's own
// envelope beside it (the stable id to drop a repeated delivery by, the stream, its cursor, its time).
import type { ExportRecord, Formatted } from '../siem-contract.ts';

export function formatJson(record: ExportRecord): Formatted {
  return {
    kind: 'json',
    value: { id: record.id, stream: record.stream, seq: record.seq, time: record.time, doc: record.doc },
  };
}
