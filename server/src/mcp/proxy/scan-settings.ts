// Whether the detectors read MCP tool arguments and results: the policy's mcp section
// (`scan_arguments`, `scan_results`; both on in a document without the section).
import { mcpPolicyOf } from '../../policy/mcp-policy.ts';
import type { PolicyDocument } from '../../policy/policy-types.ts';
import type { McpScanSettings } from './mcp-call.ts';

export function mcpScanSettings(document: PolicyDocument): McpScanSettings {
  const mcp = mcpPolicyOf(document);
  return { scanArguments: mcp.scan_arguments, scanResults: mcp.scan_results };
}
