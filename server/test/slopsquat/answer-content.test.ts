// Where each API shape keeps the model's prose and its tool calls, as the slopsquat detector reads them
// (Provider.answerContent and streamContent): every shape's calls, whole and streamed, the Responses
// API's repetitions ended once, thinking left out, and answers no provider sends (wrong types, deep
// arguments, nothing at all) read without a throw.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { anthropic } from '../../src/gateway/providers/anthropic.ts';
import { gemini } from '../../src/gateway/providers/gemini.ts';
import { openai } from '../../src/gateway/providers/openai.ts';
import { openaiResponses } from '../../src/gateway/providers/openai-responses.ts';
import type { ContentSink, Provider } from '../../src/gateway/providers/provider-types.ts';

/** What a stream's events hand the detector, in order, as one line each. */
function streamed(provider: Provider, events: unknown[]): string[] {
  const seen: string[] = [];
  const open = new Map<string, { name: string; args: string }>();
  const ended = new Set<string>();
  const sink: ContentSink = {
    text: (key, text) => seen.push(`text ${key} ${text}`),
    callStart: (key, name) => open.set(key, { name, args: '' }),
    callArguments(key, text) {
      const call = open.get(key);
      if (call) call.args += text;
    },
    callEnd(key, whole) {
      if (ended.has(key)) return;
      const was = open.get(key);
      const name = whole?.name ?? was?.name;
      if (name === undefined) return;
      ended.add(key);
      open.delete(key);
      seen.push(`call ${key} ${name} ${whole ? JSON.stringify(whole.arguments) : was!.args}`);
    },
    endCalls(prefix) {
      for (const key of [...open.keys()]) if (key.startsWith(prefix)) sink.callEnd(key);
    },
    call: (name, args) => seen.push(`call ${name} ${JSON.stringify(args)}`),
  };
  for (const e of events) provider.streamContent!(e, sink);
  return seen;
}

describe('answerContent: a complete answer', () => {
  test('Anthropic: text blocks, tool_use input; thinking left out', () => {
    const content = anthropic.answerContent!({
      content: [
        { type: 'thinking', thinking: 'maybe npm i nope' },
        { type: 'text', text: 'Installing.' },
        { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'npm i x' } },
      ],
    });
    assert.deepEqual(content, {
      texts: [{ text: 'Installing.', location: 'content[1].text' }],
      calls: [{ name: 'Bash', arguments: { command: 'npm i x' }, location: 'content[2].input' }],
    });
  });

  test('Chat Completions: content and tool_calls, their arguments parsed (text kept when not JSON)', () => {
    const content = openai.answerContent!({
      choices: [
        {
          message: {
            content: 'ok',
            tool_calls: [
              { type: 'function', function: { name: 'exec', arguments: '{"cmd":"go get x"}' } },
              { type: 'function', function: { name: 'exec', arguments: 'go get y' } },
            ],
          },
        },
      ],
    });
    assert.deepEqual(
      content.calls.map((c) => c.arguments),
      [{ cmd: 'go get x' }, 'go get y'],
    );
    assert.deepEqual(content.texts, [{ text: 'ok', location: 'choices[0].message.content' }]);
  });

  test('Responses: function, custom tool and local shell calls; output_text', () => {
    const content = openaiResponses.answerContent!({
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'pip install nope' }] },
        { type: 'message', content: [{ type: 'output_text', text: 'Done.' }] },
        { type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","pip install a"]}' },
        { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch' },
        { type: 'local_shell_call', action: { type: 'exec', command: ['npm', 'i', 'b'] } },
      ],
    });
    assert.deepEqual(
      content.calls.map((c) => [c.name, c.arguments]),
      [
        ['shell', { command: ['bash', '-lc', 'pip install a'] }],
        ['apply_patch', '*** Begin Patch'],
        ['local_shell_call', { type: 'exec', command: ['npm', 'i', 'b'] }],
      ],
    );
    assert.deepEqual(content.texts, [{ text: 'Done.', location: 'output[1].content[0].text' }]);
  });

  test('Gemini: a candidate’s prose joined across the chunks of an answer given as an array', () => {
    const chunk = (text: string, extra: Record<string, unknown>[] = []) => ({
      candidates: [{ index: 0, content: { parts: [{ text }, ...extra] } }],
    });
    const content = gemini.answerContent!([
      chunk('```bash\nnpm ins'),
      chunk('tall x\n```', [{ functionCall: { name: 'run_shell_command', args: { command: 'npm i y' } } }]),
    ]);
    assert.deepEqual(content.texts, [
      { text: '```bash\nnpm install x\n```', location: 'candidates[0].content.parts' },
    ]);
    assert.deepEqual(content.calls[0], {
      name: 'run_shell_command',
      arguments: { command: 'npm i y' },
      location: '[1].candidates[0].content.parts[1].functionCall.args',
    });
  });

  test('answers no provider sends are read as holding nothing', () => {
    const nothing = { texts: [], calls: [] };
    for (const provider of [anthropic, openai, openaiResponses, gemini]) {
      for (const body of [null, 7, 'text', [], {}, { content: 'x', choices: {}, output: 5, candidates: [1] }])
        assert.deepEqual(
          provider.answerContent!(body),
          nothing,
          `${provider.family} ${JSON.stringify(body)}`,
        );
    }
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const [call] = openai.answerContent!({
      choices: [{ message: { tool_calls: [{ function: { name: 'f', arguments: deep } }] } }],
    }).calls;
    assert.equal(call!.arguments, deep, 'arguments past the depth cap are left as text, not parsed');
  });
});

describe('streamContent: a stream, event by event', () => {
  test('Anthropic: a tool_use’s input_json_delta pieces, ended by its content_block_stop', () => {
    const seen = streamed(anthropic, [
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Run it.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', name: 'Bash', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"comm' } },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: 'and":"x"}' },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'thinking_delta', thinking: 'no' } },
      { type: 'content_block_stop', index: 1 },
    ]);
    assert.deepEqual(seen, ['text 0 Run it.', 'call 1 Bash {"command":"x"}']);
  });

  test('Chat Completions: a call per index, ended by the choice’s finish_reason', () => {
    const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
      choices: [{ index: 0, delta: d, finish_reason: finish }],
    });
    const seen = streamed(openai, [
      delta({ tool_calls: [{ index: 0, function: { name: 'exec', arguments: '' } }] }),
      delta({ tool_calls: [{ index: 1, function: { name: 'exec', arguments: '{"b"' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] }),
      delta({ tool_calls: [{ index: 1, function: { arguments: ':2}' } }] }),
      delta({}, 'tool_calls'),
    ]);
    assert.deepEqual(seen, ['call 0/0 exec {"a":1}', 'call 0/1 exec {"b":2}']);
  });

  test('Responses: a call ended by the first event that gives it whole, not again by the next ones', () => {
    const item = { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}' };
    const seen = streamed(openaiResponses, [
      { type: 'response.output_item.added', output_index: 1, item: { ...item, arguments: '' } },
      { type: 'response.function_call_arguments.delta', output_index: 1, delta: '{"command":' },
      { type: 'response.function_call_arguments.done', output_index: 1, arguments: item.arguments },
      { type: 'response.output_item.done', output_index: 1, item },
      { type: 'response.completed', response: { output: [{ type: 'message' }, item] } },
      { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'hi' },
    ]);
    assert.deepEqual(seen, ['call 1 shell {"command":["ls"]}', 'text 0/0 hi']);
  });

  test('Gemini: a functionCall is a call given whole; thoughts are not prose', () => {
    const seen = streamed(gemini, [
      { candidates: [{ content: { parts: [{ text: 'hmm', thought: true }, { text: 'Sure.' }] } }] },
      {
        candidates: [
          { content: { parts: [{ functionCall: { name: 'run_shell_command', args: { command: 'x' } } }] } },
        ],
      },
    ]);
    assert.deepEqual(seen, ['text 0 Sure.', 'call run_shell_command {"command":"x"}']);
  });

  test('events no provider sends hand nothing on', () => {
    for (const provider of [anthropic, openai, openaiResponses, gemini])
      for (const e of [null, 1, 'data', [], {}, { type: 7 }, { choices: [null, 3] }, { candidates: {} }])
        assert.deepEqual(streamed(provider, [e]), [], `${provider.family} ${JSON.stringify(e)}`);
  });
});
