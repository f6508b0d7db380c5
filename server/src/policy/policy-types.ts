// The policy document: what the Gateway does with what its detectors find. It is the API's document
// as served by GET /api/v1/policy and replaced whole by PUT (with If-Match), so that
// infrastructure-as-code can own it. Renaming a field is a breaking change for whoever keeps it in git.
// The models and MCP sections of the design come with the issues that give them meaning.
import type { Action, Enforcement, Severity, ToolMode } from '../../../shared/policy-terms.ts';
import type { DetectorsSettings } from './detectors/index.ts';

export {
  ACTIONS,
  ENFORCEMENT_RANK,
  ENFORCEMENTS,
  TOOL_MODES,
  type Action,
  type Enforcement,
  type ToolMode,
} from '../../../shared/policy-terms.ts';

/** A value that never fires: an exact value, or a regular expression (JavaScript syntax, no flags). */
export type AllowEntry = { value: string; note?: string } | { pattern: string; note?: string };

export interface DetectorSettings {
  action: Action;
  allowlist: AllowEntry[];
}

/** An admin's own rule: a regular expression or a list of keywords (whole words), never both. */
export interface CustomRule {
  /** Stable and unique: `[a-z0-9][a-z0-9-]*`, shown in the activity's signals as `custom:<id>`. */
  id: string;
  description?: string;
  pattern?: string;
  keywords?: string[];
  /** Keywords and the pattern match regardless of case unless this is true. */
  case_sensitive?: boolean;
  action: Action;
  severity: Severity;
}

/**
 * A tool's settings. A built-in tool (gateway/tools.ts) is named by its id alone; any other id is an
 * admin-defined tool, recognised by `user_agent` (a regular expression, case-insensitive).
 */
export interface ToolSetting {
  id: string;
  name?: string;
  user_agent?: string;
  mode: ToolMode;
}

export interface PolicyDocument {
  enforcement: Enforcement;
  /** Each registered detector's settings under its id (detectors/index.ts); a missing one has its default. */
  detectors: DetectorsSettings;
  /** Tools with settings of their own; a tool not listed is in provider_key mode. */
  tools: ToolSetting[];
}
