// A version's changes in words. The API describes them at JSON pointers (`/detectors/custom/2/action`);
// the history says "Custom rule “falcon”: action block → alert". A change inside a rule names it by
// position, so its name is looked up in that version's document (or, for a removal, the one before).
import type { PolicyChange, PolicyDocument } from '../api/client';
import type { DetectorLabel } from './format';
import { TOOL_MODE_LABEL, isBuiltIn, toolName, type ToolMode, type ToolSetting } from './tool-format';

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const steps = (path: string) => path.split('/').slice(1).map(unescape);

/** Whether naming this change's rule (or tool) needs a version's document. */
export const namesRuleByPosition = (c: PolicyChange) => {
  const s = steps(c.path);
  return (s[0] === 'detectors' && s[1] === 'custom' && s.length > 3) || (s[0] === 'tools' && s.length > 2);
};

/** Settings are shown bare (block, critical); what an admin typed is quoted. */
function show(v: unknown, bare = false): string {
  if (v === undefined || v === null) return '(none)';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return bare ? v : `“${v}”`;
  if (Array.isArray(v)) return v.map((x) => show(x)).join(', ');
  return JSON.stringify(v);
}

const SETTING = new Set(['enforcement', 'action', 'severity']);

function allowEntry(v: unknown): string {
  const e = (v ?? {}) as { value?: string; pattern?: string; note?: string };
  const what = e.value !== undefined ? `the value ${show(e.value)}` : `the pattern ${show(e.pattern)}`;
  return e.note ? `${what} (${e.note})` : what;
}

function ruleSummary(v: unknown): string {
  const r = (v ?? {}) as { pattern?: string; keywords?: string[]; action?: string; severity?: string };
  const matches = r.pattern !== undefined ? `pattern ${show(r.pattern)}` : `keywords ${show(r.keywords)}`;
  return `${matches}; ${r.action ?? '?'}; ${r.severity ?? '?'}`;
}

/** A field's change: `action: block → alert`, `description set to “…”`, `description removed`. */
function fieldChange(field: string, c: PolicyChange): string {
  const bare = SETTING.has(field);
  if (c.op === 'add') return `${field} set to ${show(c.after, bare)}`;
  if (c.op === 'remove') return `${field} removed (was ${show(c.before, bare)})`;
  return `${field}: ${show(c.before, bare)} → ${show(c.after, bare)}`;
}

/** A change this page has no words for: its path and values as the API gives them. */
const raw = (c: PolicyChange) => `${c.op} ${c.path}: ${show(c.before)} → ${show(c.after)}`;

export function describeChange(
  c: PolicyChange,
  docs: { before?: PolicyDocument | undefined; after?: PolicyDocument | undefined },
  labelOf: DetectorLabel,
): string {
  const s = steps(c.path);
  if (s.length === 1 && s[0] === 'enforcement')
    return `Enforcement: ${show(c.before, true)} → ${show(c.after, true)}`;
  if (s[0] === 'tools' && s[1] !== undefined) return toolChange(c, s, docs);
  if (s[0] !== 'detectors') return raw(c);

  const detector = s[1];
  if (detector !== undefined && detector !== 'custom') {
    // A detector with an action and an allowlist (every one but the custom rules).
    const label = labelOf(detector);
    if (s[2] === 'allowlist' && s.length === 4) {
      if (c.op === 'add') return `${label} allowlist: added ${allowEntry(c.after)}`;
      if (c.op === 'remove') return `${label} allowlist: removed ${allowEntry(c.before)}`;
    }
    return `${label}: ${fieldChange(s.slice(2).join('.'), c)}`;
  }

  if (detector === 'custom' && s[2] !== undefined) {
    const at = Number(s[2]);
    if (s.length === 3) {
      if (c.op === 'add')
        return `Custom rule ${show((c.after as { id?: string })?.id)} added: ${ruleSummary(c.after)}`;
      if (c.op === 'remove') return `Custom rule ${show((c.before as { id?: string })?.id)} deleted`;
    }
    const doc = c.op === 'remove' ? docs.before : docs.after;
    const id = doc?.detectors.custom[at]?.id;
    const rule = id ? `Custom rule ${show(id)}` : `Custom rule ${at + 1}`;
    return `${rule}: ${fieldChange(s.slice(3).join('.'), c)}`;
  }
  return raw(c);
}

const modeWord = (m: unknown) => (TOOL_MODE_LABEL[m as ToolMode] ?? show(m)).toLowerCase();

/**
 * A tool's change: "Tool “Claude Code”: mode: provider key → subscription" (a built-in tool's first
 * setting is an entry added, but reads as the mode change it is), "Tool “Acme Agent” added: …; subscription".
 */
function toolChange(c: PolicyChange, s: string[], docs: { before?: PolicyDocument; after?: PolicyDocument }) {
  if (s.length === 2) {
    const t = (c.op === 'remove' ? c.before : c.after) as ToolSetting | undefined;
    const named = `Tool ${show(t ? toolName(t) : undefined)}`;
    if (t && isBuiltIn(t.id)) {
      if (c.op === 'add') return `${named}: mode: provider key → ${modeWord(t.mode)}`;
      if (c.op === 'remove') return `${named}: mode: ${modeWord(t.mode)} → provider key`;
    }
    if (c.op === 'add') return `${named} added: user agent ${show(t?.user_agent)}; ${modeWord(t?.mode)}`;
    if (c.op === 'remove') return `${named} removed`;
  }
  const doc = c.op === 'remove' ? docs.before : docs.after;
  const t = doc?.tools?.[Number(s[1])];
  const named = t ? `Tool ${show(toolName(t))}` : `Tool ${Number(s[1]) + 1}`;
  const field = s.slice(2).join('.');
  if (field === 'mode') return `${named}: mode: ${modeWord(c.before)} → ${modeWord(c.after)}`;
  return `${named}: ${fieldChange(field === 'user_agent' ? 'user agent' : field, c)}`;
}
