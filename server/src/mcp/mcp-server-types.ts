// A registered remote MCP server and its tools as the management API shows them. The server's own
// headers (its credentials) are held opened in memory for the proxy only; the API shows each value
// masked to its last four characters, and a short value not at all.
import type { McpToolState } from './mcp-contract.ts';
import type { McpToolRow } from './mcp-server-store.ts';

export interface McpServer {
  id: string;
  alias: string;
  url: string;
  description: string | null;
  /** Opened: for the proxy, never logged, never returned. */
  headers: Readonly<Record<string, string>>;
  enabled: boolean;
  inventoriedAt: number | null;
  createdAt: number;
  updatedAt: number;
  createdBy: string | null;
}

/** `••••last4`; a value of fewer than 12 characters shows nothing, since four would be a third of it. */
export function maskHeaderValue(value: string): string {
  return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

export function maskHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskHeaderValue(v)]));
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function mcpServerView(s: McpServer) {
  return {
    id: s.id,
    alias: s.alias,
    url: s.url,
    description: s.description,
    headers: maskHeaders(s.headers),
    enabled: s.enabled,
    inventoried_at: iso(s.inventoriedAt),
    created_at: iso(s.createdAt)!,
    updated_at: iso(s.updatedAt)!,
  };
}

const parsed = (json: string | null): Record<string, unknown> | null =>
  json === null ? null : (JSON.parse(json) as Record<string, unknown>);

/** A tool as the API shows it: the pinned definition and, when the server shows another, that one. */
export function mcpToolView(r: McpToolRow) {
  return {
    name: r.name,
    title: r.title,
    description: r.description,
    sha256: r.sha256,
    state: r.state as McpToolState,
    signals: JSON.parse(r.signals) as string[],
    first_seen: iso(r.first_seen)!,
    last_seen: iso(r.last_seen)!,
    removed_at: iso(r.removed_at),
    calls: Number(r.calls),
    errors: Number(r.errors),
    definition: parsed(r.definition),
    ...(r.pending_sha256 !== null
      ? { pending: { sha256: r.pending_sha256, definition: parsed(r.pending_definition) } }
      : {}),
  };
}
