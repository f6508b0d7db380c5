// extractFromText: where an answer's installs are (code blocks by label, terminal sessions, inline
// code, Python's shell escapes, Dockerfiles), each manifest format and how it is recognised, what
// prose alone does not name, and offsets into the answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFromText } from '../../src/slopsquat/extract/index.ts';
import type { PackageRef } from '../../src/slopsquat/slopsquat-contract.ts';

const show = (refs: PackageRef[]) =>
  refs.map((r) => `${r.ecosystem}:${r.name}${r.version ? `@${r.version}` : ''}`);
const names = (text: string) => show(extractFromText(text));
const fence = (label: string, body: string) => `Here you go:\n\n\`\`\`${label}\n${body}\n\`\`\`\n\nDone.`;

test('install commands in shell blocks of every label, unlabelled, ~~~ and indented in a list', () => {
  for (const label of [
    'bash',
    'sh',
    'shell',
    'zsh',
    'console',
    'terminal',
    'powershell',
    'cmd',
    '',
    'text',
    '{.bash}',
  ])
    assert.deepEqual(names(fence(label, 'npm install express')), ['npm:express'], label);
  assert.deepEqual(names('~~~sh\npip install flask\n~~~'), ['pypi:flask']);
  assert.deepEqual(names('1. Install:\n\n   ```bash\n   cargo add serde\n   ```\n2. Build.'), [
    'crates:serde',
  ]);
  // A fence left open runs to the end of the answer (a streamed answer cut short).
  assert.deepEqual(names('Run:\n```bash\ngem install rails'), ['rubygems:rails']);
});

test('other languages are not shell: imports and strings name nothing', () => {
  assert.deepEqual(names(fence('js', "import express from 'express';\nexec('npm install left-pad');")), []);
  assert.deepEqual(names(fence('python', 'import requests\nos.system("pip install x")')), []);
  assert.deepEqual(names(fence('rust', 'use serde::Deserialize;')), []);
  assert.deepEqual(names(fence('yaml', 'run: npm install x')), []);
});

test('terminal sessions: prompted lines are commands, the rest is output', () => {
  const session = [
    '$ pip install flask-jwt-simple-auth',
    'Collecting flask-jwt-simple-auth',
    'Successfully installed flask-jwt-simple-auth-0.3.1',
    'user@host:~/app$ npm i \\',
    '  left-pad',
    'PS C:\\app> composer require monolog/monolog',
    '% cargo install ripgrep',
    'npm install not-a-command-this-is-output',
  ].join('\n');
  assert.deepEqual(names(fence('console', session)), [
    'pypi:flask-jwt-simple-auth',
    'npm:left-pad',
    'packagist:monolog/monolog',
    'crates:ripgrep',
  ]);
});

test('inline code and prompted prose lines; prose alone names nothing', () => {
  assert.deepEqual(names('Run `npm i -D vitest` and then ``pip install "rich>=13"``.'), [
    'npm:vitest',
    'pypi:rich@>=13',
  ]);
  assert.deepEqual(names('Then:\n$ go get github.com/spf13/cobra@latest\nand build.'), [
    'go:github.com/spf13/cobra@latest',
  ]);
  for (const prose of [
    'Use the lodash library; `lodash` has debounce.',
    'I recommend requests, numpy and the express framework.',
    'Install the dependencies with npm install and pip install as usual.',
    'It costs $ 5 a month.',
    'Call `npm.install(` carefully',
  ])
    assert.deepEqual(names(prose), [], prose);
});

test("Python blocks' !pip and %pip lines, Dockerfiles' RUN lines", () => {
  assert.deepEqual(names(fence('python', '%pip install transformers\n!pip install -q torch\nimport torch')), [
    'pypi:transformers',
    'pypi:torch',
  ]);
  assert.deepEqual(
    names(fence('dockerfile', 'FROM node:20\nRUN npm ci && \\\n    npm i -g pm2\nCMD ["node"]')),
    ['npm:pm2'],
  );
});

test('package.json: the four dependency sections, comments, ellipses, aliases; not scripts or engines', () => {
  const body = `{
  // the app
  "name": "app",
  "scripts": { "dev": "vite", "build": "tsc" },
  "dependencies": {
    "react": "^18.3.1",
    "@tanstack/react-query": "5.x",
    ...
    "lodash-es": "npm:lodash@^4.17.21",
    "local": "file:../local",
    "ws": "workspace:*",
    "fork": "github:me/fork"
  },
  "devDependencies": { "vitest": "^1" },
  "peerDependencies": { "react-dom": ">=18" },
  "optionalDependencies": { "fsevents": "*" },
  "engines": { "node": ">=20" }
}`;
  assert.deepEqual(names(fence('json', body)), [
    'npm:react@^18.3.1',
    'npm:@tanstack/react-query@5.x',
    'npm:lodash@^4.17.21',
    'npm:vitest@^1',
    'npm:react-dom@>=18',
    'npm:fsevents@*',
  ]);
  assert.deepEqual(
    extractFromText(fence('json', body)).map((r) => r.source),
    Array(6).fill('manifest'),
  );
  // JSON that is no manifest (a package's metadata, a config) names nothing.
  assert.deepEqual(names(fence('json', '{"name": "lodash", "version": "4.17.21"}')), []);
});

test('requirements.txt: by file name (label, first-line comment, prose above) or by pinned lines', () => {
  const reqs =
    'flask==3.0.0\nFlask_Login>=0.6 ; python_version >= "3.9"\n-r base.txt\n-e .\n./local\nrequests  # http\n';
  const want = ['pypi:flask@==3.0.0', 'pypi:flask-login@>=0.6', 'pypi:requests'];
  assert.deepEqual(names(fence('requirements.txt', reqs)), want);
  assert.deepEqual(names(fence('text', `# requirements.txt\n${reqs}`)), want);
  assert.deepEqual(names(`Create \`requirements-dev.txt\`:\n\n\`\`\`\n${reqs}\`\`\``), want);
  assert.deepEqual(names(fence('', 'numpy==1.26.4\npandas==2.2.1\nrich')), [
    'pypi:numpy@==1.26.4',
    'pypi:pandas@==2.2.1',
    'pypi:rich',
  ]);
  // A bare list of names with nothing saying it is a requirements file is prose in a box.
  assert.deepEqual(names(fence('', 'flask\nrequests\nnumpy')), []);
});

test('pyproject.toml: PEP 621, optional dependencies, dependency groups, build requires, Poetry', () => {
  const body = `[project]
name = "api"
dependencies = [
  "httpx>=0.27",  # client
  'pydantic[email]',
]
[project.optional-dependencies]
dev = ["pytest>=8"]
[dependency-groups]
lint = ["ruff", {include-group = "dev"}]
[build-system]
requires = ["hatchling"]
[tool.poetry.dependencies]
python = "^3.11"
fastapi = { version = "^0.110", extras = ["all"] }
mylib = { path = "../mylib" }
[tool.poetry.group.test.dependencies]
coverage = "^7"
[tool.poetry.dependencies.celery]
version = "^5"`;
  assert.deepEqual(names(fence('toml', body)), [
    'pypi:httpx@>=0.27',
    'pypi:pydantic',
    'pypi:pytest@>=8',
    'pypi:ruff',
    'pypi:hatchling',
    'pypi:fastapi@^0.110',
    'pypi:coverage@^7',
    'pypi:celery@^5',
  ]);
});

test('Cargo.toml: dependency tables of every kind, inline and table forms, renames; not path or git', () => {
  const body = `[package]
name = "svc"
version = "0.1.0"
[dependencies]
serde = { version = "1", features = ["derive"] }
tokio = "1"
json = { package = "serde_json", version = "1" }
local = { path = "../local" }
forked = { git = "https://github.com/me/forked" }
[dev-dependencies]
proptest = "1"
[target.'cfg(unix)'.dependencies]
nix = "0.28"
[dependencies.reqwest]
version = "0.12"
default-features = false
[build-dependencies.cc]
git = "https://github.com/rust-lang/cc-rs"`;
  assert.deepEqual(names(fence('toml', body)), [
    'crates:serde@1',
    'crates:tokio@1',
    'crates:serde_json@1',
    'crates:proptest@1',
    'crates:nix@0.28',
    'crates:reqwest@0.12',
  ]);
  // No manifest: a TOML config.
  assert.deepEqual(names(fence('toml', '[server]\nport = 8080\n[database]\nurl = "x"')), []);
});

test('go.mod: require lines and blocks, the module path as written', () => {
  const body = `module github.com/acme/api

go 1.22

require github.com/spf13/cobra v1.8.0

require (
\tgo.uber.org/zap v1.27.0
\tgolang.org/x/sys v0.20.0 // indirect
)

replace github.com/acme/lib => ../lib`;
  for (const label of ['', 'go', 'gomod', 'go.mod'])
    assert.deepEqual(
      names(fence(label, body)),
      ['go:github.com/spf13/cobra@v1.8.0', 'go:go.uber.org/zap@v1.27.0', 'go:golang.org/x/sys@v0.20.0'],
      label,
    );
  // Go source is no go.mod.
  assert.deepEqual(names(fence('go', 'package main\n\nfunc main() {\n\trequire := 1\n}')), []);
});

test('offsets are into the answer, through prompts, fences and manifests', () => {
  const text = [
    'Install:',
    '```console',
    '$ npm i -D @types/node',
    '```',
    'Add to `Cargo.toml`:',
    '```toml',
    '[dependencies]',
    'serde = "1"',
    '```',
    'or `pip install Flask_Login`.',
  ].join('\n');
  const refs = extractFromText(text);
  assert.deepEqual(
    refs.map((r) => text.slice(r.start, r.end)),
    ['@types/node', 'serde', 'Flask_Login'],
  );
  assert.deepEqual(
    refs.map((r) => r.source),
    ['command', 'manifest', 'command'],
  );
});
