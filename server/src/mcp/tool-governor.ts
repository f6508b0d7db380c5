// The tool governor (McpToolGovernor of mcp-contract.ts): each server's tools, their pins and states,
// held in memory, loaded once and kept current on every replica through the `mcp_tool` change
// notification, so that a tools/list answer and a tools/call are judged without the database. What a
// list shows is compared with the pins as it passes: a first sight is pinned (trust on first use) or,
// under pinning_mode approve, held as `new`; a changed definition is a high finding with both pins and
// the paths that changed, raised before anyone calls the tool; a tool that appears after the server's
// first inventory is a finding of its own (a rename defeats a pin keyed by name); a tool gone is
// recorded; a definition carrying instructions for the model is a finding, and under enforce it is held.
// Writes and findings go out asynchronously (tool-writes.ts, RiskService.report).
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { ChangeBus, ChangeTopic } from '../store/change-bus.ts';
import type { RiskService } from '../risk/risk-service.ts';
import type { McpToolEvidence, RiskActor } from '../risk/risk-types.ts';
import type { PolicyService } from '../policy/policy-service.ts';
import { mcpPolicyOf } from '../policy/mcp-policy.ts';
import type { McpPolicy } from '../policy/policy-types.ts';
import type {
  McpCallDecision,
  McpCaller,
  McpRoute,
  McpToolDefinition,
  McpToolGovernor,
  McpToolState,
} from './mcp-contract.ts';
import {
  definitionDiff,
  pinnedMembers,
  pinTool,
  toolFindingSubject,
  ToolPinError,
  type PinnedDefinition,
} from './tool-pin.ts';
import { scanToolDefinition, type PoisoningSignal } from './tool-poisoning.ts';
import { listToolRows, ROUTED_PINS, type McpToolRow, type PinTables } from './mcp-server-store.ts';
import { createToolWriter } from './tool-writes.ts';
import { checkToolCall } from './tool-call-check.ts';
import { sameButId, type IdSplit } from './proxy/list-repeat.ts';

interface ToolRecord {
  name: string;
  definition: string | null;
  sha256: string | null;
  pendingDefinition: string | null;
  pendingSha256: string | null;
  state: McpToolState;
  removedAt: number | null;
  /** When last_seen was last sent to the store: it is refreshed once a minute, not on every list. */
  seenWritten: number;
}

interface ServerPins {
  inventoried: boolean;
  tools: Map<string, ToolRecord>;
}

export interface ToolGovernor extends McpToolGovernor {
  load(): Promise<void>;
  /** Writes everything pending: graceful stop calls it (before the risk findings are drained), and tests. */
  drain(): Promise<void>;
  /** The state a tool has in this replica's memory (tests, and the console's view of a replica). */
  stateOf(serverId: string, name: string): McpToolState | undefined;
}

/** A tool's pin and poisoning signals, by the definition's JSON as the server sent it. */
interface Reading {
  pin: PinnedDefinition;
  signals: PoisoningSignal[];
}
const READINGS_CACHED = 10_000;
const SEEN_EVERY_MS = 60_000;

/** A whole list judged and passed unchanged, as of a generation of the pins and a policy version. */
interface RememberedList {
  list: IdSplit;
  generation: number;
  policy: unknown;
  /** When it was judged: its tools' last sight is written again a minute later, by judging it again. */
  at: number;
}

const fromRow = (r: McpToolRow): ToolRecord => ({
  name: r.name,
  definition: r.definition,
  sha256: r.sha256,
  pendingDefinition: r.pending_definition,
  pendingSha256: r.pending_sha256,
  state: r.state,
  removedAt: r.removed_at,
  seenWritten: r.last_seen,
});

/** Local servers' pins (0012): their own tables, told to other replicas on their own topic. */
export const LOCAL_PINS: PinTables = {
  servers: 'mcp_local_servers',
  tools: 'mcp_local_tools',
  serverRequired: false,
};

export function createToolGovernor(deps: {
  store: Store;
  changes: ChangeBus;
  policy: PolicyService;
  risk: RiskService;
  log: Logger;
  /** The routed servers' tables (the default), or LOCAL_PINS for the endpoint client's local servers. */
  tables?: PinTables;
}): ToolGovernor {
  const { store, changes, risk, log } = deps;
  const tables = deps.tables ?? ROUTED_PINS;
  const routed = tables.tools === 'mcp_tools';
  const topic: ChangeTopic = routed ? 'mcp_tool' : 'mcp_local_tool';
  const servers = new Map<string, ServerPins>();
  const readings = new Map<string, Reading>();
  const lists = new Map<string, RememberedList>();
  // Bumped by every change to any server's pins or states (here, or loaded from the store): a list
  // remembered before it is judged again.
  let generation = 0;
  // Servers this replica is telling the others about: its own notification needs no reload here.
  const announcing = new Set<string>();

  const writer = createToolWriter({
    store,
    log,
    tables,
    async committed(ids) {
      for (const id of ids) {
        announcing.add(id);
        try {
          await changes.publish(topic, id);
        } finally {
          announcing.delete(id);
        }
      }
    },
  });

  async function reloadServer(id: string) {
    const [rows, server] = await Promise.all([
      listToolRows(store.db, id, tables.tools),
      store.db
        .selectFrom(tables.servers as 'mcp_servers')
        .select('inventoried_at')
        .where('id', '=', id)
        .executeTakeFirst(),
    ]);
    // A local server's first pins may be written before its own row (two batch writers).
    if (!server && (routed || rows.length === 0)) {
      servers.delete(id);
      generation++;
      return;
    }
    servers.set(id, {
      inventoried: (server?.inventoried_at ?? null) !== null || (!server && rows.length > 0),
      tools: new Map(rows.map((r) => [r.name, fromRow(r)])),
    });
    // Once what was read is in force: a list judged while it was being read judged the old pins.
    generation++;
  }

  async function load() {
    const [serverRows, toolRows] = await Promise.all([
      store.db
        .selectFrom(tables.servers as 'mcp_servers')
        .select(['id', 'inventoried_at'])
        .execute(),
      listToolRows(store.db, undefined, tables.tools),
    ]);
    servers.clear();
    for (const s of serverRows)
      servers.set(s.id, { inventoried: s.inventoried_at !== null, tools: new Map() });
    for (const r of toolRows) servers.get(r.server_id)?.tools.set(r.name, fromRow(r));
    generation++;
  }

  changes.subscribe(topic, (id) => (announcing.has(id) ? undefined : reloadServer(id)));
  if (routed) changes.subscribe('mcp_server', (id) => reloadServer(id));
  changes.onResync(() => load());

  const pinsOf = (id: string): ServerPins => {
    let p = servers.get(id);
    if (!p) {
      p = { inventoried: false, tools: new Map() };
      servers.set(id, p);
    }
    return p;
  };

  /** The pin and signals of a definition; repeated lists of an unchanged server cost a lookup. */
  function read(def: McpToolDefinition): Reading {
    let key: string | undefined;
    try {
      key = JSON.stringify(def);
    } catch {
      // Nested too deep for JSON.stringify: pinTool refuses it with its own reason.
    }
    const hit = key === undefined ? undefined : readings.get(key);
    if (hit) return hit;
    const pin = pinTool(def);
    const reading = { pin, signals: scanToolDefinition(pinnedMembers(def)) };
    if (key !== undefined) {
      if (readings.size >= READINGS_CACHED) readings.clear();
      readings.set(key, reading);
    }
    return reading;
  }

  const actorOf = (c: McpCaller): RiskActor => ({
    type: c.developerId ? 'developer' : 'credential',
    id: c.actorId,
    name: null,
  });

  function report(
    route: McpRoute,
    caller: McpCaller,
    rule: string,
    severity: 'low' | 'medium' | 'high',
    evidence: Omit<McpToolEvidence, 'server_id' | 'server'>,
  ) {
    risk.report({
      kind: 'mcp_tool',
      rule,
      severity,
      actor: actorOf(caller),
      subject: toolFindingSubject(route.id, evidence.tool, evidence.sha256),
      evidence: { ...evidence, server_id: route.id, server: route.alias },
      requestId: caller.requestId ?? null,
    });
  }

  function reportPoisoned(route: McpRoute, caller: McpCaller, r: Reading) {
    if (r.signals.length === 0) return;
    report(route, caller, 'mcp-tool-poisoned', 'high', {
      kind: 'mcp_tool_poisoned',
      tool: r.pin.name,
      sha256: r.pin.sha256,
      signals: r.signals,
    });
  }

  const signalsJson = (r: Reading) => JSON.stringify([...new Set(r.signals.map((s) => s.rule))]);

  /** A tool the server shows for the first time. */
  function firstSight(
    route: McpRoute,
    pins: ServerPins,
    r: Reading,
    policy: McpPolicy,
    caller: McpCaller,
    now: number,
  ) {
    const { pin } = r;
    const watching = policy.pinning !== 'off';
    const hold =
      watching &&
      (policy.pinning_mode === 'approve' || (policy.pinning === 'enforce' && r.signals.length > 0));
    const rec: ToolRecord = {
      name: pin.name,
      definition: hold ? null : pin.canonical,
      sha256: hold ? null : pin.sha256,
      pendingDefinition: hold ? pin.canonical : null,
      pendingSha256: hold ? pin.sha256 : null,
      state: hold ? 'new' : 'pinned',
      removedAt: null,
      seenWritten: now,
    };
    pins.tools.set(pin.name, rec);
    generation++;
    writer.push({
      op: 'insert',
      row: {
        server_id: route.id,
        name: pin.name,
        title: pin.title,
        description: pin.description,
        definition: rec.definition,
        sha256: rec.sha256,
        pending_definition: rec.pendingDefinition,
        pending_sha256: rec.pendingSha256,
        state: rec.state,
        signals: signalsJson(r),
        first_seen: now,
        last_seen: now,
        removed_at: null,
      },
    });
    if (!watching) return;
    if (pins.inventoried)
      report(route, caller, 'mcp-tool-added', 'medium', {
        kind: 'mcp_tool_added',
        tool: pin.name,
        sha256: pin.sha256,
      });
    reportPoisoned(route, caller, r);
  }

  /** A known tool shown again: the same pin, back to its pin, or another definition. */
  function again(
    route: McpRoute,
    rec: ToolRecord,
    r: Reading,
    policy: McpPolicy,
    caller: McpCaller,
    now: number,
  ) {
    const { pin } = r;
    const reappeared = rec.removedAt !== null;
    rec.removedAt = null;
    if (policy.pinning === 'off' || pin.sha256 === rec.pendingSha256) {
      if (reappeared || now - rec.seenWritten >= SEEN_EVERY_MS) {
        rec.seenWritten = now;
        writer.push({ op: 'seen', serverId: route.id, name: rec.name, at: now });
      }
      return;
    }
    if (pin.sha256 === rec.sha256) {
      if (rec.pendingSha256 !== null) {
        // The server went back to the approved definition: nothing waits any more.
        rec.pendingDefinition = null;
        rec.pendingSha256 = null;
        if (rec.state === 'changed') rec.state = 'pinned';
        generation++;
        writer.push({ op: 'back', serverId: route.id, name: rec.name, sha256: pin.sha256, at: now });
      } else if (reappeared || now - rec.seenWritten >= SEEN_EVERY_MS) {
        rec.seenWritten = now;
        writer.push({ op: 'seen', serverId: route.id, name: rec.name, at: now });
      }
      return;
    }
    // Another definition than the pin (and than what was already waiting).
    const previousSha = rec.sha256 ?? rec.pendingSha256;
    const previousJson = rec.definition ?? rec.pendingDefinition;
    generation++;
    writer.push({
      op: 'changed',
      serverId: route.id,
      name: rec.name,
      against: rec.sha256,
      definition: pin.canonical,
      sha256: pin.sha256,
      signals: signalsJson(r),
      at: now,
    });
    rec.pendingDefinition = pin.canonical;
    rec.pendingSha256 = pin.sha256;
    if (rec.state !== 'blocked') rec.state = rec.sha256 === null ? 'new' : 'changed';
    report(route, caller, 'mcp-tool-changed', 'high', {
      kind: 'mcp_tool_changed',
      tool: rec.name,
      sha256: pin.sha256,
      previous_sha256: previousSha,
      changed: definitionDiff(previousJson, pin.canonical),
    });
    reportPoisoned(route, caller, r);
  }

  function checkCall(route: McpRoute, name: string): McpCallDecision {
    const policy = mcpPolicyOf(deps.policy.current().document);
    return checkToolCall(route, name, policy, servers.get(route.id)?.tools.get(name));
  }

  return {
    load,
    drain: () => writer.drain(),
    stateOf: (serverId, name) => servers.get(serverId)?.tools.get(name)?.state,
    onToolsList(route, tools, caller, options) {
      const policy = mcpPolicyOf(deps.policy.current().document);
      const pins = pinsOf(route.id);
      const now = Date.now();
      const shown = new Set<string>();
      const visible: McpToolDefinition[] = [];
      for (const def of tools) {
        let r: Reading;
        try {
          r = read(def);
        } catch (err) {
          // A tool that cannot be pinned cannot be governed: it is left out, and the log says why.
          if (!(err instanceof ToolPinError)) throw err;
          log.warn({ mcpServer: route.alias, reason: err.message }, 'an MCP tool was left out of tools/list');
          continue;
        }
        const name = r.pin.name;
        // A second tool of the same name would be called in the first one's stead: only the first counts.
        if (shown.has(name)) continue;
        shown.add(name);
        const rec = pins.tools.get(name);
        if (rec) again(route, rec, r, policy, caller, now);
        else firstSight(route, pins, r, policy, caller, now);
        if (checkCall(route, name).decision === 'allow') visible.push(def);
      }
      // What one page does not show may be on another: only a whole list says a tool is gone, and only
      // a whole list is the server's first inventory (after which a new tool is an added one).
      if (options?.partial) return visible;
      for (const rec of pins.tools.values()) {
        if (shown.has(rec.name) || rec.removedAt !== null) continue;
        rec.removedAt = now;
        generation++;
        writer.push({ op: 'removed', serverId: route.id, name: rec.name, at: now });
        const sha = rec.pendingSha256 ?? rec.sha256;
        if (policy.pinning !== 'off' && sha !== null)
          report(route, caller, 'mcp-tool-removed', 'low', {
            kind: 'mcp_tool_removed',
            tool: rec.name,
            sha256: sha,
          });
      }
      if (!pins.inventoried) {
        pins.inventoried = true;
        generation++;
        writer.push({ op: 'inventoried', serverId: route.id, at: now });
      }
      return visible;
    },
    rememberList(route, list) {
      lists.set(route.id, { list, generation, policy: deps.policy.current(), at: Date.now() });
    },
    repeatsList(route, list) {
      const known = lists.get(route.id);
      return (
        known !== undefined &&
        known.generation === generation &&
        known.policy === deps.policy.current() &&
        Date.now() - known.at < SEEN_EVERY_MS &&
        sameButId(known.list, list)
      );
    },
    checkCall,
    recordCall(route, name, failed) {
      writer.push({ op: 'count', serverId: route.id, name, calls: 1, errors: failed ? 1 : 0 });
    },
  };
}
