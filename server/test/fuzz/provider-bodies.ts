// Valid request bodies in each provider's own shape (Anthropic Messages, OpenAI and Azure Chat
// Completions, Gemini generateContent), with the parts detectors walk: text blocks, images, documents,
// tool calls and results, function calls, system prompts; streamed or not. The fuzzer mutates them.
import { oddString, secretShaped, word } from './odd-values.ts';
import type { Prng } from './prng.ts';

export type Family = 'anthropic' | 'openai' | 'azure' | 'gemini';

export const FAMILY_MODELS: Record<Family, readonly string[]> = {
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-unknown-9'],
  openai: ['gpt-4o-mini', 'gpt-4o', 'o3-mini', 'gpt-unknown'],
  azure: ['gpt-4o-prod', 'gpt-4o-mini'],
  gemini: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-unknown'],
};

/** Text for a prompt: plain, or carrying something a detector should catch. */
function promptText(rng: Prng): string {
  if (rng.chance(0.25)) return `please check ${secretShaped(rng)} for me`;
  if (rng.chance(0.15)) return oddString(rng);
  return `Hello ${word(rng)}, how are you?`;
}

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function anthropicBlock(rng: Prng): unknown {
  switch (rng.int(0, 5)) {
    case 0:
      return { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1PX } };
    case 1:
      return {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: promptText(rng) },
      };
    case 2:
      return { type: 'tool_use', id: `toolu_${word(rng, 10)}`, name: 'run', input: { cmd: promptText(rng) } };
    case 3:
      return { type: 'tool_result', tool_use_id: `toolu_${word(rng, 10)}`, content: promptText(rng) };
    default:
      return { type: 'text', text: promptText(rng) };
  }
}

function anthropic(rng: Prng, countTokens: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: rng.pick(FAMILY_MODELS.anthropic),
    messages: [
      {
        role: 'user',
        content: rng.chance(0.5) ? promptText(rng) : [anthropicBlock(rng), anthropicBlock(rng)],
      },
      ...(rng.chance(0.3)
        ? [
            { role: 'assistant', content: 'ok' },
            { role: 'user', content: promptText(rng) },
          ]
        : []),
    ],
  };
  if (!countTokens) body.max_tokens = rng.pick([16, 256, 1024]);
  if (rng.chance(0.3))
    body.system = rng.chance(0.5) ? promptText(rng) : [{ type: 'text', text: promptText(rng) }];
  if (!countTokens && rng.chance(0.4)) body.stream = true;
  if (rng.chance(0.2))
    body.tools = [{ name: 'run', description: 'runs', input_schema: { type: 'object', properties: {} } }];
  return body;
}

function openaiContent(rng: Prng): unknown {
  if (rng.chance(0.6)) return promptText(rng);
  return [
    { type: 'text', text: promptText(rng) },
    ...(rng.chance(0.5)
      ? [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1PX}` } }]
      : []),
  ];
}

function openai(rng: Prng, model: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: [
      ...(rng.chance(0.3) ? [{ role: 'system', content: promptText(rng) }] : []),
      { role: 'user', content: openaiContent(rng) },
      ...(rng.chance(0.2)
        ? [
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'run', arguments: JSON.stringify({ a: promptText(rng) }) },
                },
              ],
            },
            { role: 'tool', tool_call_id: 'call_1', content: promptText(rng) },
          ]
        : []),
    ],
  };
  if (rng.chance(0.4)) {
    body.stream = true;
    if (rng.chance(0.5)) body.stream_options = { include_usage: true };
  }
  if (rng.chance(0.2)) body.max_tokens = rng.pick([1, 64, 4096]);
  return body;
}

function geminiPart(rng: Prng): unknown {
  switch (rng.int(0, 4)) {
    case 0:
      return { inlineData: { mimeType: 'image/png', data: PNG_1PX } };
    case 1:
      return { functionCall: { name: 'run', args: { cmd: promptText(rng) } } };
    case 2:
      return {
        functionResponse: { name: 'run', response: { mimeType: 'text/plain', data: promptText(rng) } },
      };
    default:
      return { text: promptText(rng) };
  }
}

function gemini(rng: Prng): Record<string, unknown> {
  const body: Record<string, unknown> = {
    contents: [{ role: 'user', parts: [geminiPart(rng), ...(rng.chance(0.4) ? [geminiPart(rng)] : [])] }],
  };
  if (rng.chance(0.3)) body.systemInstruction = { parts: [{ text: promptText(rng) }] };
  if (rng.chance(0.3)) body.generationConfig = { maxOutputTokens: rng.pick([1, 64, 2048]), temperature: 0.2 };
  return body;
}

/** A body for the Gateway route `url` (Fastify's pattern) with `path` being the path sent. */
export function providerBody(rng: Prng, url: string, path: string): Record<string, unknown> | undefined {
  if (url === '/v1/messages') return anthropic(rng, false);
  if (url === '/v1/messages/count_tokens') return anthropic(rng, true);
  if (url === '/v1/chat/completions') return openai(rng, rng.pick(FAMILY_MODELS.openai));
  if (url.startsWith('/azure/')) {
    const body = openai(rng, rng.pick(FAMILY_MODELS.azure));
    if (rng.chance(0.7)) delete body.model; // Azure names the deployment in the path
    return body;
  }
  if (url.startsWith('/gemini/'))
    return path.includes(':countTokens') ? { contents: gemini(rng).contents } : gemini(rng);
  return undefined;
}

/** The `*` of a Gemini route: `<model>:<method>`, or something a parser must refuse. */
export function geminiTarget(rng: Prng): string {
  const model = rng.chance(0.85) ? rng.pick(FAMILY_MODELS.gemini) : oddString(rng).slice(0, 300);
  const method = rng.weighted([
    [4, 'generateContent'],
    [3, 'streamGenerateContent'],
    [2, 'countTokens'],
    [1, word(rng)],
  ] as const);
  return rng.chance(0.95) ? `${model}:${method}` : model;
}
