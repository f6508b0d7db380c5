// extractFromToolCall: each agent's shell tool, the file tools that write or edit a manifest, patches,
// and other tools' arguments (strings and argv arrays that read as command lines, prose that does not).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFromToolCall } from '../../src/slopsquat/extract/index.ts';
import type { PackageRef } from '../../src/slopsquat/slopsquat-contract.ts';

const show = (refs: PackageRef[]) =>
  refs.map((r) => `${r.ecosystem}:${r.name}${r.version ? `@${r.version}` : ''}`);
const names = (tool: string, args: unknown) => show(extractFromToolCall(tool, args));

test("shell tools: Claude Code's Bash, Codex's shell (argv and bash -lc), Responses' local_shell_call, Gemini CLI", () => {
  assert.deepEqual(names('Bash', { command: 'npm i left-pad', description: 'npm install express' }), [
    'npm:left-pad',
  ]);
  assert.deepEqual(names('shell', { command: ['bash', '-lc', 'pip install flask'], workdir: '/w' }), [
    'pypi:flask',
  ]);
  assert.deepEqual(names('shell', { command: ['cargo', 'add', 'serde@1'] }), ['crates:serde@1']);
  assert.deepEqual(names('local_shell_call', { type: 'exec', command: ['npm', 'install', 'zod'], env: {} }), [
    'npm:zod',
  ]);
  assert.deepEqual(
    names('local_shell_call', {
      type: 'local_shell_call',
      action: { type: 'exec', command: ['sh', '-c', 'gem install rails'] },
    }),
    ['rubygems:rails'],
  );
  assert.deepEqual(names('run_shell_command', { command: 'go get github.com/a/b@v1', directory: 'x' }), [
    'go:github.com/a/b@v1',
  ]);
  assert.deepEqual(names('exec_command', { cmd: 'composer require a/b' }), ['packagist:a/b']);
  // OpenAI's function call arguments arrive as a JSON string.
  assert.deepEqual(names('shell', JSON.stringify({ command: ['bash', '-lc', 'uv add httpx'] })), [
    'pypi:httpx',
  ]);
  assert.deepEqual(names('Bash', { command: 'git status && npm test' }), []);
  assert.deepEqual(
    extractFromToolCall('Bash', { command: 'npm i x' }).map((r) => r.source),
    ['tool_call'],
  );
});

test('offsets are into the string each name was read from', () => {
  const line = 'cd app && pip install "requests>=2"';
  const [a] = extractFromToolCall('shell', { command: ['bash', '-lc', line] });
  assert.equal(line.slice(a!.start, a!.end), 'requests');
  const [b] = extractFromToolCall('shell', { command: ['npm', 'install', '@scope/pkg@1'] });
  assert.equal('@scope/pkg@1'.slice(b!.start, b!.end), '@scope/pkg');
  const content = '{\n  "dependencies": { "express": "^4" }\n}';
  const [c] = extractFromToolCall('Write', { file_path: 'package.json', content });
  assert.equal(content.slice(c!.start, c!.end), 'express');
});

test('file tools: a manifest written whole, an edit adding names, not the names already there', () => {
  assert.deepEqual(names('Write', { file_path: '/r/requirements.txt', content: 'flask==3\nrich\n' }), [
    'pypi:flask@==3',
    'pypi:rich',
  ]);
  assert.deepEqual(
    names('write_file', { file_path: 'Cargo.toml', content: '[dependencies]\nserde = "1"\n' }),
    ['crates:serde@1'],
  );
  assert.deepEqual(
    names('str_replace_based_edit_tool', {
      command: 'create',
      path: 'go.mod',
      file_text: 'module x\nrequire a.io/b v1.0.0\n',
    }),
    ['go:a.io/b@v1.0.0'],
  );
  assert.deepEqual(names('Write', { file_path: 'README.md', content: '```bash\nnpm i x\n```' }), []);
  assert.deepEqual(
    names('Edit', {
      file_path: 'package.json',
      old_string: '"express": "^4"',
      new_string: '"express": "^4",\n    "axios": "^1.6.0"',
    }),
    ['npm:axios@^1.6.0'],
  );
  // A script's command is no version range: an edit of scripts adds no dependency.
  assert.deepEqual(
    names('Edit', { file_path: 'package.json', old_string: '"t": "jest"', new_string: '"t": "vitest"' }),
    [],
  );
  assert.deepEqual(
    names('MultiEdit', {
      file_path: 'pyproject.toml',
      edits: [{ old_string: 'dependencies = [', new_string: 'dependencies = [\n  "httpx>=0.27",' }],
    }),
    ['pypi:httpx@>=0.27'],
  );
  assert.deepEqual(
    names('replace', { file_path: 'go.mod', old_string: ')', new_string: '\tgithub.com/a/b v1.2.0\n)' }),
    ['go:github.com/a/b@v1.2.0'],
  );
  assert.deepEqual(
    names('str_replace_based_edit_tool', {
      command: 'str_replace',
      path: 'Cargo.toml',
      old_str: '[dependencies]',
      new_str: '[dependencies]\ntokio = "1"',
    }),
    ['crates:tokio@1'],
  );
});

test("patches: Codex's apply_patch (tool, argv, here-document) and unified diffs; added lines only", () => {
  const patch = [
    '*** Begin Patch',
    '*** Update File: web/package.json',
    '@@',
    '   "dependencies": {',
    '+    "zod": "^3.23.8",',
    '     "react": "^18.3.1"',
    '*** Add File: requirements.txt',
    '+flask==3.0',
    '*** Delete File: Cargo.toml',
    '*** End Patch',
  ].join('\n');
  assert.deepEqual(names('apply_patch', { input: patch }), ['npm:zod@^3.23.8', 'pypi:flask@==3.0']);
  assert.deepEqual(names('shell', { command: ['apply_patch', patch] }), [
    'npm:zod@^3.23.8',
    'pypi:flask@==3.0',
  ]);
  assert.deepEqual(names('shell', { command: ['bash', '-lc', `apply_patch <<'EOF'\n${patch}\nEOF`] }), [
    'npm:zod@^3.23.8',
    'pypi:flask@==3.0',
  ]);
  const diff =
    '--- a/Cargo.toml\n+++ b/Cargo.toml\n@@ -1,2 +1,3 @@\n [dependencies]\n+anyhow = "1"\n serde = "1"\n';
  assert.deepEqual(names('Edit', { patch: diff }), ['crates:anyhow@1']);
});

test("other tools: strings and argv that read as commands, at any depth; prose, searches and issue bodies don't", () => {
  assert.deepEqual(names('mcp__box__exec', { cmd: 'pip install numpy', cwd: '/w' }), ['pypi:numpy']);
  assert.deepEqual(names('run_pipeline', { steps: [{ run: 'cargo add clap' }, { run: 'echo ok' }] }), [
    'crates:clap',
  ]);
  assert.deepEqual(names('container_run', { args: ['npm', 'install', 'x'] }), ['npm:x']);
  assert.deepEqual(names('deep', { a: [{ b: [[{ c: 'bash -c "gem install rake"' }]] }] }), ['rubygems:rake']);
  assert.deepEqual(names('search_docs', { query: 'pip install flask error' }), []);
  assert.deepEqual(names('create_issue', { title: 'npm i x fails', body: 'npm install x gives E404' }), []);
  assert.deepEqual(names('note', { text: 'I will install lodash next' }), []);
  assert.deepEqual(names('anything', 'npm i from-a-plain-string'), ['npm:from-a-plain-string']);
});
