// The provider families the Gateway speaks, registered in one place.
import { anthropic } from './anthropic.ts';
import { azure } from './azure.ts';
import { gemini } from './gemini.ts';
import { openai } from './openai.ts';
import { openaiEmbeddings } from './openai-embeddings.ts';
import { openaiResponses } from './openai-responses.ts';
import type { Provider } from './provider-types.ts';

/** Every API shape the Gateway serves (a family may have several: OpenAI's chat, responses, embeddings). */
export const PROVIDERS: readonly Provider[] = [
  anthropic,
  openai,
  openaiResponses,
  openaiEmbeddings,
  azure,
  gemini,
];

/** The family whose error shape a Gateway path answers in (for errors raised before routing). */
export function providerForPath(path: string): Provider {
  if (path.startsWith('/azure/')) return azure;
  if (path.startsWith('/gemini/')) return gemini;
  if (path.startsWith('/v1/messages')) return anthropic;
  return openai;
}
