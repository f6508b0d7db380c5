// Micro-benchmark of the Gateway's structure check on a request body (json-limits.ts): what it adds
// to a 1 MB agent-style second turn, against the alternative of always forwarding what was scanned
// (JSON.stringify of the parsed body). `node --import tsx bench/json-shape.ts`; figures in
// docs/decisions/gateway.md.
import { jsonShape } from '../server/src/gateway/json-limits.ts';

/** An agent's second turn: tools with nested JSON Schemas, then turns of source text, tool calls and results. */
function agentBody(bytes: number): string {
  const schema = (depth: number): Record<string, unknown> =>
    depth === 0
      ? { type: 'string', description: 'A path relative to the repository root.' }
      : {
          type: 'object',
          description: `Level ${depth} of the options.`,
          properties: {
            name: { type: 'string' },
            nested: schema(depth - 1),
            flags: { type: 'array', items: { type: 'boolean' } },
          },
          required: ['name'],
        };
  const tools = Array.from({ length: bytes > 100_000 ? 30 : 1 }, (_, i) => ({
    name: `tool_${i}`,
    description: 'Reads or edits files in the workspace; see the schema for its options.',
    input_schema: schema(i % 12),
  }));
  const source =
    'export function add(a: number, b: number): number {\n  return a + b; // "sum" {of} [two]\n}\n'.repeat(
      40,
    );
  const messages: unknown[] = [{ role: 'user', content: 'Fix the failing test in src/math.ts.' }];
  let n = 0;
  while (JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 8192, tools, messages }).length < bytes) {
    n++;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Step ${n}: reading the file.` },
        {
          type: 'tool_use',
          id: `toolu_${n}`,
          name: 'tool_1',
          input: { path: `src/file${n}.ts`, options: { recursive: true } },
        },
      ],
    });
    messages.push({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: `toolu_${n}`, content: [{ type: 'text', text: source }] },
      ],
    });
  }
  return JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 8192, tools, messages });
}

function time(label: string, runs: number, fn: () => unknown): void {
  for (let i = 0; i < 50; i++) fn();
  const us: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    us.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  us.sort((a, b) => a - b);
  const q = (p: number) => us[Math.min(us.length - 1, Math.floor(p * us.length))]!.toFixed(1);
  process.stdout.write(`${label.padEnd(44)} p50 ${q(0.5).padStart(8)} µs   p99 ${q(0.99).padStart(8)} µs\n`);
}

for (const bytes of [2 * 1024, 1024 * 1024]) {
  const text = agentBody(bytes);
  const parsed: unknown = JSON.parse(text);
  const runs = bytes > 100_000 ? 300 : 5000;
  process.stdout.write(`\nbody of ${text.length.toLocaleString('en-US')} bytes\n`);
  time('JSON.parse (already paid)', runs, () => JSON.parse(text));
  time('jsonShape: depth + duplicate keys', runs, () => jsonShape(text));
  time('JSON.stringify(parsed) (forward scanned)', runs, () => JSON.stringify(parsed));
}
