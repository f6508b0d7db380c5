// What the policy document's JSON schema cannot check, with errors that name the field
// (`detectors.custom[2].pattern: …`), and the document rebuilt with a fixed key order, so that two
// equal documents have the same JSON text (the ETag's hash and the version diff rely on it). Patterns
// are judged by the detectors' own compiler (valid, not matching empty text, safe to run on every
// request), so that a policy that is accepted is one the Gateway can arm.
import { ApiError } from '../errors.ts';
import type {
  AllowEntry,
  CustomRule,
  DetectorSettings,
  PolicyDocument,
  ToolSetting,
} from './policy-types.ts';
import type { PolicyInput } from './policy-schema.ts';
import { patternProblem } from './detectors/config.ts';
import { BUILT_IN_TOOLS } from '../gateway/tools.ts';

const invalid = (path: string, problem: string) => new ApiError('invalid_request', `${path}: ${problem}`);

type SentSettings = PolicyInput['detectors']['secrets'];
type SentRule = PolicyInput['detectors']['custom'][number];

/** The schema lets both value and pattern through: exactly one is checked here. */
function allowEntry(e: SentSettings['allowlist'][number], path: string): AllowEntry {
  const note = e.note === undefined ? {} : { note: e.note };
  if (e.value !== undefined && e.pattern === undefined) return { value: e.value, ...note };
  if (e.pattern === undefined || e.value !== undefined)
    throw invalid(path, 'give either value or pattern (exactly one).');
  const problem = patternProblem(e.pattern, true);
  if (problem) throw invalid(`${path}.pattern`, problem);
  return { pattern: e.pattern, ...note };
}

function settings(s: SentSettings, path: string): DetectorSettings {
  return { action: s.action, allowlist: s.allowlist.map((e, i) => allowEntry(e, `${path}.allowlist[${i}]`)) };
}

function customRule(r: SentRule, path: string, seen: Map<string, number>, i: number): CustomRule {
  const first = seen.get(r.id);
  if (first !== undefined)
    throw invalid(
      `${path}.id`,
      `"${r.id}" is the id of detectors.custom[${first}] already; rule ids must be unique.`,
    );
  seen.set(r.id, i);
  const hasPattern = r.pattern !== undefined;
  const hasKeywords = r.keywords !== undefined;
  if (hasPattern === hasKeywords) throw invalid(path, 'give either pattern or keywords (exactly one).');
  const caseSensitive = r.case_sensitive === true;
  if (hasPattern) {
    const problem = patternProblem(r.pattern!, caseSensitive);
    if (problem) throw invalid(`${path}.pattern`, problem);
  }
  return {
    id: r.id,
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(hasPattern ? { pattern: r.pattern } : { keywords: [...new Set(r.keywords)] }),
    ...(r.case_sensitive !== undefined ? { case_sensitive: r.case_sensitive } : {}),
    action: r.action,
    severity: r.severity,
  };
}

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

/** The document checked and rebuilt in the canonical key order; throws invalid_request naming the field. */
export function validatePolicy(doc: PolicyInput | PolicyDocument): PolicyDocument {
  const seen = new Map<string, number>();
  const tools = new Map<string, number>();
  return {
    enforcement: doc.enforcement,
    detectors: {
      secrets: settings(doc.detectors.secrets, 'detectors.secrets'),
      pii: settings(doc.detectors.pii, 'detectors.pii'),
      custom: doc.detectors.custom.map((r, i) => customRule(r, `detectors.custom[${i}]`, seen, i)),
    },
    // Absent in a document written before tools had settings: none have.
    tools: (doc.tools ?? []).map((t, i) => tool(t, `tools[${i}]`, tools, i)),
  };
}
