// What the policy document's JSON schema cannot check, with errors that name the field
// (`detectors.custom[2].pattern: …`), and the document rebuilt with a fixed key order, so that two
// equal documents have the same JSON text (the ETag's hash and the version diff rely on it). Each
// detector's settings are checked by its own module (detectors/*-settings.ts); a detector the document
// leaves out gets its default (policy-defaults.ts). Patterns are judged by the detectors' own compiler
// (valid, not matching empty text, safe to run on every request), so that a policy that is accepted is
// one the Gateway can arm.
import type { PolicyDocument, ToolSetting } from './policy-types.ts';
import type { PolicyInput } from './policy-schema.ts';
import type { DetectorInfo } from './detectors/detector-types.ts';
import { DETECTORS } from './detectors/index.ts';
import { patternProblem } from './detectors/config.ts';
import { invalidField as invalid } from './schema-parts.ts';
import { BUILT_IN_TOOLS } from '../gateway/tools.ts';
import { validateMcpPolicy } from './mcp-policy.ts';

const BUILT_IN_IDS = new Set(BUILT_IN_TOOLS.map((t) => t.id));

/** A built-in tool is named by its id; an admin-defined one also needs a name and a user-agent pattern. */
function tool(t: ToolSetting, path: string, seen: Map<string, number>, i: number): ToolSetting {
  const first = seen.get(t.id);
  if (first !== undefined)
    throw invalid(`${path}.id`, `"${t.id}" is the id of tools[${first}] already; tool ids must be unique.`);
  seen.set(t.id, i);
  if (t.id === 'unknown')
    throw invalid(
      `${path}.id`,
      '"unknown" is what the activity calls an unrecognised tool; choose another id.',
    );
  if (BUILT_IN_IDS.has(t.id)) {
    if (t.name !== undefined || t.user_agent !== undefined)
      throw invalid(
        path,
        `"${t.id}" is a built-in tool, which Gatehouse recognises itself: give only its id and mode.`,
      );
    return { id: t.id, mode: t.mode };
  }
  if (t.name === undefined || t.user_agent === undefined)
    throw invalid(
      path,
      `"${t.id}" is not a built-in tool (${[...BUILT_IN_IDS].join(', ')}); an admin-defined tool needs a name and a user_agent pattern.`,
    );
  const problem = patternProblem(t.user_agent, false);
  if (problem) throw invalid(`${path}.user_agent`, problem);
  return { id: t.id, name: t.name, user_agent: t.user_agent, mode: t.mode };
}

/** Each registered detector's settings checked by its module, in the registry's order; missing: default. */
function detectorSettings(sent: Record<string, unknown>, detectors: readonly DetectorInfo[]) {
  const known = detectors.map((d) => d.id);
  const unknown = Object.keys(sent).find((k) => !known.includes(k));
  if (unknown !== undefined)
    throw invalid(
      'detectors',
      `"${unknown.slice(0, 64)}" is not a detector; the detectors are ${known.join(', ')} (GET /api/v1/detectors).`,
    );
  const out: Record<string, unknown> = {};
  for (const d of detectors) {
    const s = sent[d.id];
    out[d.id] =
      s === undefined ? structuredClone(d.settings.defaults) : d.settings.validate(s, `detectors.${d.id}`);
  }
  return out as PolicyDocument['detectors'];
}

/** The document checked and rebuilt in the canonical key order; throws invalid_request naming the field. */
export function validatePolicy(
  doc: PolicyInput | PolicyDocument,
  detectors: readonly DetectorInfo[] = DETECTORS,
): PolicyDocument {
  const tools = new Map<string, number>();
  return {
    enforcement: doc.enforcement,
    detectors: detectorSettings(doc.detectors as Record<string, unknown>, detectors),
    // Absent in a document written before tools had settings: none have.
    tools: (doc.tools ?? []).map((t, i) => tool(t, `tools[${i}]`, tools, i)),
    // Absent: the defaults, without writing them into the document (mcp-policy.ts).
    ...(doc.mcp ? { mcp: validateMcpPolicy(doc.mcp as Parameters<typeof validateMcpPolicy>[0]) } : {}),
  };
}
