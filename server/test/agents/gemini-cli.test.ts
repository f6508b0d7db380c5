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
  // What the developer chose once in Gemini CLI's own dialogs: to trust the project folder (without which
  // it reads no ~/.gemini/.env, so neither the key nor the base URL `setup` wrote there) and to sign in with
  // a Gemini API key (with GOOGLE_GEMINI_BASE_URL set and no choice made, 0.61 picks its `gateway` auth
  // type, which -p mode refuses as "Invalid auth method selected.").
  prepare(m) {
    const dir = path.join(m.machine.home, '.gemini');
    fs.writeFileSync(path.join(dir, 'trustedFolders.json'), JSON.stringify({ [m.workdir]: 'TRUST_FOLDER' }));
    fs.writeFileSync(
      path.join(dir, 'settings.json'),
      JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }),
    );
  },
  run: (m, prompt) => runAgent(m, 'gemini', ['-p', prompt]),
});
