// Hostile input to extraction: what a model or a client may send. Nothing throws, nothing recurses
// without a bound, nothing backtracks: each case runs under a test timeout far above what a linear
// pass takes (a catastrophic pattern or an unbounded loop fails the test by timing out; no timing is
// asserted). Invisible and fullwidth characters inside a command hide nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { unsafePatternReason } from '../../src/policy/detectors/regex-safety.ts';
import {
  extractFromCommand,
  extractFromText,
  extractFromToolCall,
} from '../../src/slopsquat/extract/index.ts';
import type { PackageRef } from '../../src/slopsquat/slopsquat-contract.ts';
import { Prng } from '../fuzz/prng.ts';

const LIMIT = { timeout: 30_000 };
const names = (refs: PackageRef[]) => refs.map((r) => `${r.ecosystem}:${r.name}`);

/** Every offset inside the string it points into. */
function inBounds(refs: PackageRef[], length: number): void {
  for (const r of refs)
    assert.ok(r.start >= 0 && r.start <= r.end && r.end <= length, `${r.name} ${r.start}-${r.end}`);
}

test('zero-width and other invisible characters inside a command, fullwidth letters: still read, offsets in the original', () => {
  const command = 'np\u200bm i\u00a0expr\u200dess && \ufeffpip install re\u00adquests';
  const refs = extractFromCommand(command);
  assert.deepEqual(names(refs), ['npm:express', 'pypi:requests']);
  assert.equal(command.slice(refs[0]!.start, refs[0]!.end), 'expr\u200dess');
  assert.equal(command.slice(refs[1]!.start, refs[1]!.end), 're\u00adquests');
  assert.deepEqual(
    names(extractFromText('```bash\n\uff4e\uff50\uff4d \uff49 \uff4c\uff4f\uff44\uff41\uff53\uff48\n```')),
    ['npm:lodash'],
  );
  const argv = ['n\u200bpm', 'install', 'le\u2060ft-pad'];
  const [ref] = extractFromToolCall('shell', { command: argv });
  assert.equal(ref!.name, 'left-pad');
  assert.equal(argv[2]!.slice(ref!.start, ref!.end), 'le\u2060ft-pad');
});

test('NUL bytes: dropped as a shell drops them, and never a crash', () => {
  assert.deepEqual(names(extractFromCommand('npm i lo\u0000dash')), ['npm:lodash']);
  assert.deepEqual(names(extractFromText('```bash\npip install fla\u0000sk\n```')), ['pypi:flask']);
  assert.deepEqual(names(extractFromToolCall('Bash', { command: '\u0000'.repeat(1000) })), []);
});

test('unterminated quotes, here-documents, fences, spans, arrays and JSON', LIMIT, () => {
  for (const command of [
    'pip install "flask',
    "npm i 'left-pad",
    "npm i $'x",
    'npm i x\\',
    'cat > package.json <<EOF\n{"dependencies": {"a": "1"',
    'bash -c "npm i a',
    '$(npm i a',
    'npm i a <<',
    '> >> << <<- <<< &> | || && ; ;; ( ) ` $(',
  ]) {
    const refs = extractFromCommand(command);
    inBounds(refs, command.length);
  }
  for (const text of [
    '```bash\nnpm i a',
    '```json\n{"dependencies": {"a": "1", "b": {"c": [',
    '```toml\n[dependencies]\nserde = { version = "1", features = ["derive"\n',
    '```toml\n[project]\ndependencies = ["a>=1", "b\n',
    '```toml\n[[[[[[\n',
    '`npm i a',
    '``npm i a` b``',
    '```\n```\n```\n',
    '~~~',
  ]) {
    const refs = extractFromText(text);
    inBounds(refs, text.length);
  }
  assert.deepEqual(extractFromToolCall('shell', '{"command": ["bash", "-lc", "pip install x'), []);
});

test('deep nesting: JSON arguments, TOML and package.json nested past their caps', LIMIT, () => {
  const depth = 100_000;
  let value: unknown = { cmd: 'npm i too-deep' };
  for (let i = 0; i < depth; i++) value = { a: [value] };
  assert.deepEqual(extractFromToolCall('mcp_tool', value), []);
  const deepJson = `${'['.repeat(depth)}"npm i x"${']'.repeat(depth)}`;
  assert.deepEqual(extractFromToolCall('mcp_tool', deepJson), []);
  // Within the cap the command is found.
  let shallow: unknown = { cmd: 'npm i shallow' };
  for (let i = 0; i < 10; i++) shallow = { a: [shallow] };
  assert.deepEqual(names(extractFromToolCall('mcp_tool', shallow)), ['npm:shallow']);
  // A cycle (a caller's object, not JSON) ends at the caps too.
  const cyclic: Record<string, unknown> = { cmd: 'npm i cyclic' };
  cyclic.self = cyclic;
  assert.deepEqual(names(extractFromToolCall('mcp_tool', cyclic)), ['npm:cyclic']);
  const toml = `\`\`\`toml\n[dependencies]\nserde = ${'{ a = '.repeat(50_000)}\n\`\`\``;
  inBounds(extractFromText(toml), toml.length);
  const json = `\`\`\`json\n{"dependencies": ${'{"a": '.repeat(50_000)}\n\`\`\``;
  inBounds(extractFromText(json), json.length);
  // Shells inside shells, by the ten thousand: read to the nesting cap, no further.
  const nested = `${'bash -c \'sh -c \\"'.repeat(10_000)}npm i x`;
  inBounds(extractFromCommand(nested), nested.length);
});

test('huge inputs and the patterns that make regular expressions backtrack', LIMIT, () => {
  const huge = [
    'a'.repeat(2_000_000),
    '`'.repeat(200_000),
    '` '.repeat(200_000),
    '```\n'.repeat(100_000),
    `\`\`\`bash\n${'npm i x '.repeat(100_000)}\n\`\`\``,
    `\`\`\`\n${'flask==1.0\n'.repeat(50_000)}\`\`\``,
    `\`\`\`\n${'\n'.repeat(200_000)}\`\`\``,
    `\`\`\`toml\n${'[dependencies]\n'.repeat(50_000)}\`\`\``,
    `\`\`\`\n${' '.repeat(200_000)}[dependencies]\n\`\`\``,
    `$ ${'$ '.repeat(200_000)}`,
    `\`\`\`console\n${'user@host:'.repeat(50_000)}$ npm i x\n\`\`\``,
    `\`\`\`requirements.txt\n${'a'.repeat(100_000)}[${'x,'.repeat(100_000)}\n\`\`\``,
    `\`\`\`go.mod\nrequire (\n${`\t${'a.'.repeat(50_000)} v1\n`}\n)\n\`\`\``,
    `\`\`\`json\n${'"dependencies": '.repeat(50_000)}\n\`\`\``,
    `${'\u200b'.repeat(100_000)}\`npm i x\``,
  ];
  for (const text of huge) inBounds(extractFromText(text), text.length);
  for (const command of [
    `npm i ${'a'.repeat(1_000_000)}`,
    `pip install ${'"a" '.repeat(100_000)}`,
    `${'A=1 '.repeat(100_000)}npm i x`,
    `${'sudo '.repeat(50_000)}npm i x`,
    `go get ${'a.'.repeat(100_000)}b`,
    `pip install a${'['.repeat(100_000)}`,
    `composer require ${'a'.repeat(100_000)}/${'b-'.repeat(100_000)}`,
    `${"'".repeat(100_001)}`,
  ])
    inBounds(extractFromCommand(command), command.length);
  const many = extractFromCommand(`npm i ${Array.from({ length: 10_000 }, (_, i) => `p${i}`).join(' ')}`);
  assert.equal(many.length, 10_000);
  const args = {
    command: `${'x'.repeat(1000)} `.repeat(1000),
    more: Array.from({ length: 100_000 }, () => 'npm'),
  };
  inBounds(extractFromToolCall('mcp_tool', args), Infinity);
});

test('odd values: non-strings, prototype keys, lone surrogates, command names that are Object properties', () => {
  assert.deepEqual(extractFromText(undefined as unknown as string), []);
  assert.deepEqual(extractFromCommand(42 as unknown as string), []);
  assert.deepEqual(extractFromToolCall(null as unknown as string, undefined), []);
  for (const args of [null, 0, true, [], {}, [null], { command: null }, { command: [1, 2] }, { command: {} }])
    assert.deepEqual(extractFromToolCall('Bash', args), []);
  assert.deepEqual(names(extractFromToolCall('tool', JSON.parse('{"__proto__": {"cmd": "npm i p"}}'))), [
    'npm:p',
  ]);
  assert.deepEqual(
    extractFromToolCall('Write', JSON.parse('{"__proto__": {"file_path": "package.json"}, "content": "{}"}')),
    [],
  );
  for (const command of [
    'constructor i x',
    '__proto__ install x',
    'hasOwnProperty add x',
    'toString i x',
    'npm __proto__ x',
  ])
    assert.deepEqual(extractFromCommand(command), [], command);
  const surrogates = 'npm i \ud800x \udc00y && pip install \ud83d';
  inBounds(extractFromCommand(surrogates), surrogates.length);
  inBounds(extractFromText(`\`\`\`bash\n${surrogates}\n\`\`\``), surrogates.length + 13);
});

test('random text of shell and Markdown metacharacters never throws, offsets always in bounds', LIMIT, () => {
  const alphabet = ' \t\n\\\'"`$(){}[]<>|&;#=@:/.~-_*!%^,+npmipyuvgocrqsx0123456789\u200b\u0000\uff4e';
  const pieces = [
    'npm i ',
    'pip install ',
    '```',
    '```bash\n',
    '```json\n',
    '"dependencies": {',
    '[dependencies]\n',
    'bash -c "',
    '<<EOF\n',
    'EOF\n',
    '$ ',
  ];
  for (let i = 0; i < 3000; i++) {
    const rng = Prng.forRequest(18, i);
    let s = '';
    const length = rng.int(0, 300);
    while (s.length < length)
      s += rng.chance(0.1)
        ? pieces[rng.int(0, pieces.length - 1)]!
        : alphabet[rng.int(0, alphabet.length - 1)]!;
    inBounds(extractFromText(s), s.length);
    inBounds(extractFromCommand(s), s.length);
    inBounds(extractFromToolCall('mcp', { a: s, b: [s, s] }), s.length);
  }
});

test("every regular expression of extraction passes the detectors' check for patterns that backtrack", () => {
  const dir = path.join(import.meta.dirname, '../../src/slopsquat/extract');
  // Regex literals: a slash not after a value, a body of escapes, classes and other characters, a slash.
  const literal = /(?<![\w)\]])\/((?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n[])+)\/[dgimsuy]*/g;
  let count = 0;
  for (const file of fs.readdirSync(dir)) {
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(literal)) {
      count++;
      assert.equal(unsafePatternReason(m[1]!), null, `${file}: /${m[1]}/`);
    }
  }
  assert.ok(count > 20, `${count} patterns read`);
});
