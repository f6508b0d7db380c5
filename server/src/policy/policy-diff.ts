// The policy's changes as the server keeps them: the diff itself is shared with the console
// (shared/policy-diff.ts); here, what the audit log may keep of it and the version list's one line.
import type { PolicyChange } from '../../../shared/policy-diff.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const SCALAR = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number';

/** Settings whose values say what the policy does and hold nothing an admin may consider secret. */
const SETTING =
  /\/(enforcement|action|severity|case_sensitive|mode|pinning|pinning_mode|default|scan_arguments|scan_results|offline)$|^\/mcp\/servers\/[^/]+\/tools\/[^/]+$|^\/mcp\/commands\/[^/]+$/;

/**
 * The changes as the audit log keeps them: every path and operation, and the before and after values
 * of settings only (enforcement, actions, severities). Allowlist values, patterns and keywords stay out:
 * an allowlisted value may be a real token, and a keyword may be a project's secret code name.
 */
export function auditedChanges(changes: PolicyChange[], max = 50): Array<Record<string, unknown>> {
  return changes.slice(0, max).map((c) => {
    if (
      SETTING.test(c.path) &&
      (c.before === undefined || SCALAR(c.before)) &&
      (c.after === undefined || SCALAR(c.after))
    )
      return { ...c };
    // A tool entry added or removed whole (the first time a built-in tool gets a mode): its id and mode
    // say what the Gateway now does with that tool; its user-agent pattern is left out like patterns.
    if (TOOL_ENTRY.test(c.path)) {
      const kept: Record<string, unknown> = { op: c.op, path: c.path };
      if (c.before !== undefined) kept.before = toolMode(c.before);
      if (c.after !== undefined) kept.after = toolMode(c.after);
      return kept;
    }
    return { op: c.op, path: c.path };
  });
}

const TOOL_ENTRY = /^\/tools\/\d+$/;

/** `claude-code: subscription`, from a tool entry of the policy. */
function toolMode(entry: unknown): string | undefined {
  if (!isObject(entry)) return undefined;
  return `${String(entry.id)}: ${String(entry.mode ?? 'provider_key')}`;
}

/** One line for the version list: the first few changes, settings with their values. */
export function summarise(changes: PolicyChange[]): string {
  if (changes.length === 0) return 'No change';
  const shown = auditedChanges(changes, 3).map((c) =>
    'after' in c || 'before' in c
      ? `${c.path}: ${String(c.before ?? '(none)')} → ${String(c.after ?? '(none)')}`
      : `${String(c.op)} ${String(c.path)}`,
  );
  const more = changes.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
