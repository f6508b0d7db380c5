// OpenAI embeddings, as documented in the API reference "Create embeddings"
// (platform.openai.com/docs/api-reference/embeddings). Errors and authentication are Chat Completions'
// (openai.ts).
import { openai } from './openai.ts';
import { estimateTokens, hex, json, type ProviderMock } from './shared.ts';

const headers = () => ({ 'x-request-id': `req_${hex(16)}`, 'openai-processing-ms': '12' });

/**
 * OpenAI embeddings ("Create embeddings"): {object: "list", data: [{object: "embedding", index,
 * embedding}], model, usage: {prompt_tokens, total_tokens}}; `encoding_format: "base64"` (the Node SDK's
 * default) sends each vector as base64 of little-endian float32.
 */
export const openaiEmbeddings: ProviderMock = {
  family: 'openai',
  route: (method, url) =>
    method === 'POST' && url.pathname === '/v1/embeddings' ? { operation: 'embeddings' } : undefined,
  authenticate: openai.authenticate,
  fault: openai.fault,
  reply(x) {
    const inputs: unknown[] = Array.isArray(x.body.input) ? x.body.input : [x.body.input];
    const dims = 8;
    const data = inputs.map((input, index) => {
      const vector = Array.from({ length: dims }, (_, d) => ((estimateTokens(input) + d) % 7) / 7);
      const embedding =
        x.body.encoding_format === 'base64'
          ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
          : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = estimateTokens(x.body.input);
    return json(200, headers(), {
      object: 'list',
      data,
      model: x.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  },
};
