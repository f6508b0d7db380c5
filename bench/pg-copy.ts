// `COPY … FROM STDIN` with node-postgres and no other package: the bench's bulk load only (scale-seed.ts).
// node-postgres runs any object with a submit() as a query and hands it the protocol's COPY messages
// (the "Submittable" that pg-copy-streams implements); this one sends rows it was given in COPY's text
// format. An array parameter (`unnest`) costs PostgreSQL far more to parse than COPY's text per row:
// measured here (a loaded machine), 10,000 activity rows took 0.6–1.1 s through unnest, 0.33 s by COPY.
import type pg from 'pg';

/** What node-postgres's connection offers a Submittable during COPY FROM STDIN. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** A value in COPY's text format: NULL as \N; backslash, tab, newline and carriage return escaped. */
function field(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s;
}

const CHUNK = 1 << 20;

class CopyIn {
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (err: Error) => void;
  constructor(
    private readonly text: string,
    private readonly body: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: CopyConnection) {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection) {
    for (let i = 0; i < this.body.length; i += CHUNK)
      connection.sendCopyFromChunk(this.body.subarray(i, i + CHUNK));
    connection.endCopyFrom();
  }

  // node-postgres lets go of a query that failed before ReadyForQuery: the error is its end.
  handleError(err: Error) {
    this.reject(err);
  }

  handleReadyForQuery() {
    this.resolve();
  }

  // The other messages a query may get: none carries anything COPY needs.
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/** Copies `rows` (values in the order of `columns`) into `table` in one COPY. */
export function copyRows(
  client: pg.Client,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const text = rows.map((r) => r.map(field).join('\t')).join('\n') + '\n';
  const copy = new CopyIn(`COPY ${table} (${columns.join(', ')}) FROM STDIN`, Buffer.from(text, 'utf8'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Submittable, which pg's types do not describe
  void client.query(copy as any);
  return copy.done;
}
