// Azure OpenAI deployments (learn.microsoft.com/azure/ai-services/openai/reference). The deployment in
// the path is the model that routing matches; the caller's api-version passes through, or the key's
// when the caller sends none. The key goes in the api-key header. Errors are {error: {code, message}}.
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import {
  chatAnswerContent,
  chatStreamContent,
  chatStreamTexts,
  chatStreamUsage,
  chatUsage,
} from './openai.ts';
import { sseEvent } from './provider-types.ts';
import type { Provider } from './provider-types.ts';

export const azure: Provider = {
  family: 'azure',
  tokenHeaders: ['api-key'],
  tokenInQuery: false,
  routes: [
    {
      url: '/azure/openai/deployments/:deployment/chat/completions',
      operation: () => 'chat.completions',
      model: (req) => req.params.deployment,
      stream: (req) => req.body.stream === true,
      upstreamPath(req, key) {
        const query = new URLSearchParams(req.query);
        if (!query.has('api-version') && key.azureApiVersion) query.set('api-version', key.azureApiVersion);
        const q = query.toString();
        const deployment = encodeURIComponent(req.params.deployment!);
        return `${upstreamBase(key)}/openai/deployments/${deployment}/chat/completions${q ? `?${q}` : ''}`;
      },
    },
  ],
  sign(request, key) {
    request.headers['api-key'] = key.secret;
  },
  errorBody: (_status: number, code: GatewayErrorCode, message: string) => ({ error: { code, message } }),
  usage: chatUsage,
  streamUsage: chatStreamUsage,
  streamTexts: chatStreamTexts,
  streamError: (message, code = 'policy_blocked') => sseEvent({ error: { code, message } }),
  answerContent: chatAnswerContent,
  streamContent: chatStreamContent,
};
