// Codex CLI (`codex exec`) through the Gateway, set up by `gatehouse-client setup codex` (its own
// [model_providers.gatehouse] with wire_api = "responses"): it offers exec_command, which the scripted model
// calls to `cat` the file (agent-suite.ts has the tests). Codex speaks only the Responses API
// (the Gateway's POST /v1/responses).
import { runAgent } from './agent-harness.ts';
import { agentSuite } from './agent-suite.ts';

agentSuite({
  label: 'Codex CLI',
  tool: 'codex',
  operation: 'responses',
  hasPromptAndTools: (body) =>
    JSON.stringify([body.instructions, body.input]).length > 1000 && body.tools?.length > 0,
  // Codex 0.169's default model (gpt-6.1-sol) is sent without function tools; gpt-5-codex offers them.
  run: (m, prompt) => runAgent(m, 'codex', ['exec', '--skip-git-repo-check', '-m', 'gpt-5-codex', prompt]),
});
