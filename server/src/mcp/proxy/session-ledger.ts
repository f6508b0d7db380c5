// Which requests of a session are waiting for their answer, by id. An answer usually comes on the
// stream of the POST that asked, and the proxy knows it there; but a stream cut mid-way is resumed with
// a GET (Last-Event-ID), and the answer then comes on a stream that did not ask. The ledger says what
// that answer is for (a tools/list to filter, a tools/call to check), so a resumed answer is governed
// like any other. It lives in memory and is bounded: an id it has forgotten is governed by its shape.
import { idKey, type JsonRpcId } from './jsonrpc.ts';

export interface PendingCall {
  method: string;
  tool: string | null;
  /** A tools/list asked with a cursor: its answer is a later page, not the whole list. */
  paged?: boolean;
}

/** Sessions remembered at once (the least recently used forgotten first), and requests per session. */
const SESSIONS = 10_000;
const PER_SESSION = 1_000;

export class SessionLedger {
  private readonly sessions = new Map<string, Map<string, PendingCall>>();

  private key(alias: string, session: string): string {
    return `${alias}\u0000${session}`;
  }

  asked(alias: string, session: string, id: JsonRpcId, call: PendingCall): void {
    const k = this.key(alias, session);
    let calls = this.sessions.get(k);
    if (calls) this.sessions.delete(k);
    else {
      calls = new Map();
      if (this.sessions.size >= SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    }
    this.sessions.set(k, calls);
    if (calls.size >= PER_SESSION) calls.delete(calls.keys().next().value!);
    calls.set(idKey(id), call);
  }

  /** The request this answer is for, forgotten once answered. */
  answered(alias: string, session: string, id: JsonRpcId): PendingCall | undefined {
    const calls = this.sessions.get(this.key(alias, session));
    if (!calls) return undefined;
    const k = idKey(id);
    const call = calls.get(k);
    if (call) calls.delete(k);
    return call;
  }

  ended(alias: string, session: string): void {
    this.sessions.delete(this.key(alias, session));
  }
}
