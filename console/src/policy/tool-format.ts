// How the policy page names the tools and their modes, and what it says each mode does: the same words
// in the tools table, the confirmation of a mode change and the version history. The built-in tools are
// the Gateway's own list (shared/built-in-tools.ts), so the page lists exactly what it recognises.
import type { PolicyDocument } from '../api/client';
import { BUILT_IN_TOOLS } from '../../../shared/built-in-tools.ts';
import { TOOL_MODES } from '../../../shared/policy-terms.ts';

export type ToolSetting = NonNullable<PolicyDocument['tools']>[number];
export type ToolMode = ToolSetting['mode'];

export { TOOL_MODES };

/** Each built-in tool with the user-agent pattern the Gateway recognises it by, as the page shows it. */
export const BUILT_INS = BUILT_IN_TOOLS.map((t) => ({
  id: t.id,
  name: t.name,
  // A RegExp's source escapes its slashes; the pattern as an admin would type it has none.
  userAgent: t.pattern.source.replace(/\\\//g, '/'),
}));

const BUILT_IN_NAME = new Map(BUILT_INS.map((t) => [t.id, t.name]));
export const isBuiltIn = (id: string) => BUILT_IN_NAME.has(id);

/** A tool's name as people read it: a built-in's own, an admin-defined one's, or its id. */
export const toolName = (t: { id: string; name?: string | undefined }) =>
  BUILT_IN_NAME.get(t.id) ?? t.name ?? t.id;

export const TOOL_MODE_LABEL: Record<ToolMode, string> = {
  provider_key: 'Provider key',
  subscription: 'Subscription',
};

export const TOOL_MODE_MEANING: Record<ToolMode, string> = {
  provider_key:
    'The Gateway sends the organisation’s provider key; developers’ tools carry only their Gatehouse token.',
  subscription:
    'The tool signs in with the developer’s own provider account and sends its device token in the path.',
};

/** The client command that sets a tool up for subscription mode, shown with its meaning. */
export const SUBSCRIPTION_SETUP = 'gatehouse-client setup <tool> --subscription';

export const TOOL_MODE_OPTIONS = TOOL_MODES.map((m) => ({ value: m, label: TOOL_MODE_LABEL[m] }));

/** The mode a tool is in under a document: its entry's, else the default. */
export const modeOf = (doc: PolicyDocument, id: string): ToolMode =>
  doc.tools?.find((t) => t.id === id)?.mode ?? 'provider_key';

/**
 * The document with one tool's mode set. A built-in tool gets an entry the first time; switching it back
 * keeps the entry with provider_key, so that the change is a mode change (audited with its values) rather
 * than the entry's removal.
 */
export function withMode(doc: PolicyDocument, id: string, mode: ToolMode): PolicyDocument {
  const tools = doc.tools ?? [];
  const next = tools.some((t) => t.id === id)
    ? tools.map((t) => (t.id === id ? { ...t, mode } : t))
    : [...tools, { id, mode }];
  return { ...doc, tools: next };
}
