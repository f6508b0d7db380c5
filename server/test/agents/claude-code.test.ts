// Claude Code (`claude -p`) through the Gateway, set up by `gatehouse-client setup claude-code`: it offers
// its Read tool, which the scripted model calls (agent-suite.ts has the tests).
import { runAgent } from './agent-harness.ts';
import { agentSuite } from './agent-suite.ts';

// No traffic but the Gateway's: no telemetry, error reports, update checks or feature-flag fetches.
const QUIET = {
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
};

agentSuite({
  label: 'Claude Code',
  tool: 'claude-code',
  operation: 'messages',
  hasPromptAndTools: (body) => JSON.stringify(body.system ?? '').length > 1000 && body.tools?.length > 0,
  run: (m, prompt) => runAgent(m, 'claude', ['-p', prompt, '--output-format', 'text'], QUIET),
});
