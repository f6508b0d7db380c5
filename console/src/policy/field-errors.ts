// The API names the field it refuses in its message, in two shapes: the JSON schema's
// (`body.detectors.custom[0].id must match pattern …`) and the policy validation's
// (`detectors.custom[0].pattern: it is not a valid regular expression …`, `tools[1].user_agent: …`). The page reads the field
// back out of the message so that it can show the problem next to that field, and otherwise names the
// field in words in an alert.
import { ApiError, type PolicyDocument } from '../api/client';
import type { DetectorLabel } from './format';
import { toolName } from './tool-format';

export interface FieldError {
  /** As the API writes it, without `body.`: `detectors.custom[2].pattern`. */
  path: string;
  /** The problem, without the field's name. */
  problem: string;
}

const FIELD = /^(?:body\.)?((?:detectors|tools)(?:\.[a-z_]+|\[\d+\])*)(?::\s*|\s+)([\s\S]*)$/;

export function fieldError(error: unknown): FieldError | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_request') return null;
  const m = FIELD.exec(error.message);
  if (!m) return null;
  return { path: m[1]!, problem: capitalise(m[2]!.trim()) };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const FIELD_LABEL: Record<string, string> = {
  id: 'name',
  pattern: 'pattern',
  keywords: 'keywords',
  value: 'value',
  note: 'note',
  action: 'action',
  severity: 'severity',
  description: 'description',
  case_sensitive: 'case sensitivity',
  name: 'name',
  user_agent: 'user-agent pattern',
  mode: 'mode',
};

/** A rule's or a tool's problem as its row shows it: `User-agent pattern: It repeats a group…`. */
export const problemLine = (p: { field: string | undefined; problem: string }) =>
  p.field ? `${capitalise(FIELD_LABEL[p.field] ?? p.field)}: ${p.problem}` : p.problem;

/** The field in words, such as `Custom rule "falcon", pattern` or `Secrets allowlist, entry 2`. */
export function fieldName(path: string, document: PolicyDocument, label: DetectorLabel): string {
  const rule = /^detectors\.custom\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (rule) {
    const id = document.detectors.custom[Number(rule[1])]?.id;
    const named = id ? `Custom rule "${id}"` : `Custom rule ${Number(rule[1]) + 1}`;
    return rule[2] ? `${named}, ${FIELD_LABEL[rule[2]] ?? rule[2]}` : named;
  }
  const tool = /^tools\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (tool) {
    const t = document.tools?.[Number(tool[1])];
    const named = t ? `Tool "${toolName(t)}"` : `Tool ${Number(tool[1]) + 1}`;
    return tool[2] ? `${named}, ${FIELD_LABEL[tool[2]] ?? tool[2]}` : named;
  }
  const entry = /^detectors\.([\w-]+)\.allowlist\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (entry) {
    const where = `${label(entry[1]!)} allowlist, entry ${Number(entry[2]) + 1}`;
    return entry[3] ? `${where} (${FIELD_LABEL[entry[3]] ?? entry[3]})` : where;
  }
  const setting = /^detectors\.([\w-]+)\.(\w+)/.exec(path);
  if (setting) return `${label(setting[1]!)} ${setting[2]}`;
  return path;
}

/** A problem placed on one custom rule or tool: the field it names (none: the whole entry). */
export interface ItemProblem {
  field: string | undefined;
  problem: string;
}

/**
 * The problem with the custom rule or tool of this id, if the error is about it. The error names the
 * entry by its position in the document sent, which may differ from the page's now (an entry staged or
 * removed since), so the position is read back to an id in that document.
 */
export function itemProblem(
  placed: { error: FieldError; sent: PolicyDocument } | null,
  kind: 'rule' | 'tool',
  id: string,
): ItemProblem | null {
  if (!placed) return null;
  const m = (
    kind === 'rule' ? /^detectors\.custom\[(\d+)\](?:\.(\w+))?/ : /^tools\[(\d+)\](?:\.(\w+))?/
  ).exec(placed.error.path);
  if (!m) return null;
  const list = kind === 'rule' ? placed.sent.detectors.custom : (placed.sent.tools ?? []);
  if (list[Number(m[1])]?.id !== id) return null;
  return { field: m[2], problem: placed.error.problem };
}

/** The problem with one of a detector's own fields (`young_days`), or with an allowlist entry by its text. */
export function detectorProblem(
  placed: { error: FieldError; sent: PolicyDocument } | null,
  detector: string,
): { field: string; problem: string; entry?: string } | null {
  if (!placed) return null;
  const { path, problem } = placed.error;
  const prefix = `detectors.${detector}.`;
  if (!path.startsWith(prefix)) return null;
  const entry = /^allowlist\[(\d+)\]/.exec(path.slice(prefix.length));
  if (!entry) return { field: path.slice(prefix.length), problem };
  const sent = (
    placed.sent.detectors as Record<string, { allowlist?: Array<{ value?: string; pattern?: string }> }>
  )[detector]?.allowlist?.[Number(entry[1])];
  return { field: 'allowlist', problem, entry: sent?.value ?? sent?.pattern ?? '' };
}
