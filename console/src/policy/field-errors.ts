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

/** The problem of one field of one custom rule, when the error is about it. */
export function ruleFieldError(error: FieldError | null, index: number, field: string): string | undefined {
  return itemFieldError(error, `detectors.custom[${index}]`, field);
}

/** The problem of one field of one entry of the tools list, when the error is about it. */
export function toolFieldError(error: FieldError | null, index: number, field: string): string | undefined {
  return itemFieldError(error, `tools[${index}]`, field);
}

function itemFieldError(error: FieldError | null, at: string, field: string): string | undefined {
  if (!error) return undefined;
  if (error.path === `${at}.${field}` || error.path.startsWith(`${at}.${field}[`)) return error.problem;
  return undefined;
}
