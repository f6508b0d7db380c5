// The tool behind a request, recognised from its user agent, and the mode the policy sets for it: the
// developer tools and SDKs people point at the Gateway (built in below), and the tools an admin defines
// in the policy's `tools` list (a name and a user-agent pattern). Admin-defined tools are tried first,
// in the policy's order, so that an admin can name a tool a built-in pattern would also take.
import { BUILT_IN_TOOLS, type ToolSignature } from '../../../shared/built-in-tools.ts';
import type { PolicyDocument, ToolMode } from '../policy/policy-types.ts';

export { BUILT_IN_TOOLS, type ToolSignature } from '../../../shared/built-in-tools.ts';

/** A tool as a request knows it: its id (or `unknown`), the name people read, and its mode. */
export interface RecognisedTool {
  readonly id: string;
  readonly name: string;
  readonly mode: ToolMode;
}

export interface ToolRecogniser {
  /** From memory: one Map lookup for a user agent seen since the policy last changed. */
  recognise(userAgent: string | undefined): RecognisedTool;
}

/** Where the tools' settings come from: the policy in force (synchronous, from memory). */
export interface ToolPolicySource {
  current(): { version: number; document: PolicyDocument };
}

const MEMO_LIMIT = 1_000;

/** The signatures and modes of one policy version, tried in order. */
function compile(doc: PolicyDocument): {
  signatures: ToolSignature[];
  unknown: RecognisedTool;
  modes: Map<string, ToolMode>;
} {
  const modes = new Map<string, ToolMode>();
  const custom: ToolSignature[] = [];
  for (const t of doc.tools ?? []) {
    modes.set(t.id, t.mode);
    // Validated when the policy was written (policy-validation.ts), so it compiles.
    if (t.user_agent !== undefined)
      custom.push({ id: t.id, name: t.name ?? t.id, pattern: new RegExp(t.user_agent, 'i') });
  }
  return {
    signatures: [...custom, ...BUILT_IN_TOOLS],
    unknown: Object.freeze({ id: 'unknown', name: 'Unknown', mode: 'provider_key' }),
    modes,
  };
}

export function createToolRecogniser(policy: ToolPolicySource): ToolRecogniser {
  let version = -1;
  let compiled = compile({ tools: [] } as unknown as PolicyDocument);
  let memo = new Map<string, RecognisedTool>();

  return {
    recognise(userAgent) {
      const current = policy.current();
      if (current.version !== version) {
        // A policy change may add a tool or change a mode: what was recognised before is forgotten.
        version = current.version;
        compiled = compile(current.document);
        memo = new Map();
      }
      if (!userAgent) return compiled.unknown;
      let tool = memo.get(userAgent);
      if (tool === undefined) {
        const found = compiled.signatures.find((t) => t.pattern.test(userAgent));
        tool = found
          ? Object.freeze({
              id: found.id,
              name: found.name,
              mode: compiled.modes.get(found.id) ?? 'provider_key',
            })
          : compiled.unknown;
        // User agents carry versions, so there are many; bounded, and each costs a few regex tests anyway.
        if (memo.size >= MEMO_LIMIT) memo = new Map();
        memo.set(userAgent, tool);
      }
      return tool;
    },
  };
}
