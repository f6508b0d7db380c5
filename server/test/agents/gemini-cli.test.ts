// Gemini CLI (`gemini -p`) through the Gateway, set up by `gatehouse-client setup gemini-cli`: its model
// router first asks a flash-lite model for a JSON complexity score, then the chosen model streams; it offers
// read_file, which the scripted model calls (agent-suite.ts has the tests).
import fs from 'node:fs';
import path from 'node:path';
import { runAgent } from './agent-harness.ts';
import { agentSuite } from './agent-suite.ts';

agentSuite({
  label: 'Gemini CLI',
  tool: 'gemini-cli',
  operation: 'streamGenerateContent',
  hasPromptAndTools: (body) =>
    JSON.stringify(body.systemInstruction ?? '').length > 1000 &&
    (body.tools ?? []).some((t: any) => t.functionDeclarations?.length > 0),
  // What the developer chose once in Gemini CLI's own dialog: to trust the project folder, without which
  // `gemini -p` refuses to run at all (and reads no ~/.gemini/.env, so neither the key nor the base URL
  // `setup` wrote there). The sign-in method ("Use Gemini API Key") is `setup`'s: with
  // GOOGLE_GEMINI_BASE_URL set and none chosen, 0.61 picks its `gateway` method, which -p mode refuses.
  prepare(m) {
    const dir = path.join(m.machine.home, '.gemini');
    fs.writeFileSync(path.join(dir, 'trustedFolders.json'), JSON.stringify({ [m.workdir]: 'TRUST_FOLDER' }));
  },
  run: (m, prompt) => runAgent(m, 'gemini', ['-p', prompt]),
});
