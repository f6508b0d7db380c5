// OpenAI embeddings (platform.openai.com/docs/api-reference/embeddings), which most OpenAI-compatible
// clients and RAG pipelines call: the policy reads the request's `input` (a text or a list of texts)
// like any body; the answer is vectors (base64 by the Node SDK's default), not text, so it is not read.
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import { chatUsage, openai } from './openai.ts';
import { str, type Provider } from './provider-types.ts';

export const openaiEmbeddings: Provider = {
  ...openai,
  routes: [
    {
      url: '/v1/embeddings',
      operation: () => 'embeddings',
      model: (req) => str(req.body.model),
      stream: () => false,
      upstreamPath: (req, key) => `${upstreamBase(key)}/embeddings${req.query ? `?${req.query}` : ''}`,
    },
  ],
  answerText: false,
  // {object: "list", data: [...], usage: {prompt_tokens, total_tokens}}: nothing is output.
  usage: (body) => {
    const u = chatUsage(body);
    return u && { inputTokens: u.inputTokens, outputTokens: u.outputTokens ?? 0 };
  },
};
