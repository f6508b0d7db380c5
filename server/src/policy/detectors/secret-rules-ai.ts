// AI providers' API keys: the keys a coding agent is most likely to read from a developer's .env and
// carry into its conversation.
import type { TokenRule } from './secret-rule-types.ts';

export const AI_TOKEN_RULES: readonly TokenRule[] = [
  {
    // Project, service-account and admin keys; older user keys carried `T3BlbkFJ` ("OpenAI" in
    // base64) in their middle, which tells them from other `sk-` strings.
    id: 'openai-api-key',
    severity: 'critical',
    prefixes: ['sk-'],
    pattern:
      'sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,250}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9_-]{20,80}T3BlbkFJ[A-Za-z0-9_-]{20,80})',
  },
  {
    id: 'anthropic-api-key',
    severity: 'critical',
    prefixes: ['sk-ant-'],
    pattern: 'sk-ant-(?:api|admin|oat|ort)\\d{2}-[A-Za-z0-9_-]{80,120}AA',
  },
  {
    id: 'openrouter-api-key',
    severity: 'high',
    prefixes: ['sk-or-'],
    pattern: 'sk-or-v1-[a-f0-9]{64}',
  },
  {
    id: 'huggingface-token',
    severity: 'high',
    prefixes: ['hf_', 'api_org_'],
    pattern: '(?:hf_|api_org_)[A-Za-z]{34}',
  },
  {
    id: 'groq-api-key',
    severity: 'high',
    prefixes: ['gsk_'],
    pattern: 'gsk_[A-Za-z0-9]{52}',
  },
  {
    id: 'replicate-api-token',
    severity: 'high',
    prefixes: ['r8_'],
    pattern: 'r8_[A-Za-z0-9]{37}',
  },
  {
    id: 'perplexity-api-key',
    severity: 'high',
    prefixes: ['pplx-'],
    pattern: 'pplx-[A-Za-z0-9]{48}',
  },
  {
    id: 'xai-api-key',
    severity: 'high',
    prefixes: ['xai-'],
    pattern: 'xai-[A-Za-z0-9]{80}',
  },
  {
    id: 'langsmith-api-key',
    severity: 'high',
    prefixes: ['lsv2_'],
    pattern: 'lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}',
  },
];
