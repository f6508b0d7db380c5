// Google Gemini (ai.google.dev/api): generateContent, streamGenerateContent and countTokens under v1beta
// and v1, the model in the path (`models/{model}:{method}`). The caller's key may sit in ?key=, which is
// removed before the request goes upstream. Errors are {error: {code, message, status}}; usage is
// `usageMetadata` (every streamed chunk carries the running totals).
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import {
  completeStrings,
  fieldPiece,
  int,
  obj,
  pick,
  sseEvent,
  type AnswerContent,
  type CarriedPiece,
  type ContentSink,
  type Provider,
  type ProviderRequest,
  type StreamTexts,
  type Usage,
} from './provider-types.ts';

/** The chunk fields an event made to carry held text repeats (not usageMetadata: those are totals). */
const CHUNK_NAMING = ['modelVersion', 'responseId', 'createTime'];

/**
 * Text in streamed GenerateContentResponse chunks: each candidate's text parts continue one run
 * (thoughts another); a function call comes whole, its arguments scanned as they are. A candidate's
 * finishReason closes its runs. Held text is carried in a chunk with only that candidate's part.
 */
function streamTexts(data: unknown): StreamTexts | null {
  const chunk = obj(data);
  const candidates = chunk?.candidates;
  if (!chunk || !Array.isArray(candidates)) return null;
  const naming = pick(chunk, CHUNK_NAMING);
  const out: StreamTexts = { pieces: [], ends: [] };
  candidates.forEach((c, n) => {
    const candidate = obj(c);
    const hasIndex = int(candidate?.index) !== null;
    const i = int(candidate?.index) ?? n;
    const parts = obj(candidate?.content)?.parts;
    if (Array.isArray(parts)) {
      parts.forEach((p, k) => {
        const part = obj(p);
        if (!part) return;
        if (typeof part.text === 'string') {
          const channel = `${i}/${part.thought === true ? 'thought' : 'text'}`;
          const carry = (text: string): CarriedPiece => {
            const carried: Record<string, unknown> =
              part.thought === true ? { text, thought: true } : { text };
            const candidate: Record<string, unknown> = { content: { role: 'model', parts: [carried] } };
            if (hasIndex) candidate.index = i;
            return {
              data: { ...naming, candidates: [candidate] },
              piece: fieldPiece(channel, carried, 'text', carry),
            };
          };
          out.pieces.push(fieldPiece(channel, part, 'text', carry));
        }
        const call = obj(part.functionCall);
        if (call?.args !== undefined) completeStrings(call.args, `${i}/call/${k}/`, out);
      });
    }
    if (candidate?.finishReason) out.ends.push(`${i}/`);
  });
  return out;
}

/** Each candidate's parts: text that is not a thought is prose; a functionCall is a call, given whole. */
function eachPart(
  chunk: unknown,
  visit: (candidate: number, part: Record<string, unknown>, k: number, c: number) => void,
): void {
  const candidates = obj(chunk)?.candidates;
  if (!Array.isArray(candidates)) return;
  candidates.forEach((cand, n) => {
    const candidate = obj(cand);
    const parts = obj(candidate?.content)?.parts;
    if (!Array.isArray(parts)) return;
    const i = int(candidate?.index) ?? n;
    parts.forEach((p, k) => {
      const part = obj(p);
      if (part) visit(i, part, k, n);
    });
  });
}

/**
 * A generateContent answer, or the JSON array of chunks streamGenerateContent answers without alt=sse:
 * a candidate's prose is joined across chunks (a code block may span them).
 */
function answerContent(body: unknown): AnswerContent {
  const out: AnswerContent = { texts: [], calls: [] };
  const prose = new Map<number, string>();
  const chunks = Array.isArray(body) ? body : [body];
  chunks.forEach((chunk, m) => {
    const at = Array.isArray(body) ? `[${m}].` : '';
    eachPart(chunk, (i, part, k, n) => {
      if (typeof part.text === 'string' && part.thought !== true)
        prose.set(i, (prose.get(i) ?? '') + part.text);
      const call = obj(part.functionCall);
      if (typeof call?.name === 'string')
        out.calls.push({
          name: call.name,
          arguments: call.args,
          location: `${at}candidates[${n}].content.parts[${k}].functionCall.args`,
        });
    });
  });
  for (const [i, text] of prose) out.texts.push({ text, location: `candidates[${i}].content.parts` });
  return out;
}

function streamContent(data: unknown, into: ContentSink): void {
  eachPart(data, (i, part) => {
    if (typeof part.text === 'string' && part.thought !== true && part.text) into.text(String(i), part.text);
    const call = obj(part.functionCall);
    if (typeof call?.name === 'string') into.call(call.name, call.args);
  });
}

const METHODS = ['generateContent', 'streamGenerateContent', 'countTokens'] as const;

/** `gemini-2.5-flash:generateContent` → its model and method, or null. */
export function splitModelMethod(target: string): { model: string; method: string } | null {
  const at = target.lastIndexOf(':');
  if (at <= 0) return null;
  const method = target.slice(at + 1);
  if (!(METHODS as readonly string[]).includes(method)) return null;
  return { model: target.slice(0, at), method };
}

function status(code: number): string {
  if (code === 400) return 'INVALID_ARGUMENT';
  if (code === 401) return 'UNAUTHENTICATED';
  if (code === 403) return 'PERMISSION_DENIED';
  if (code === 404) return 'NOT_FOUND';
  if (code === 409) return 'ABORTED';
  if (code === 413) return 'INVALID_ARGUMENT';
  if (code === 424) return 'FAILED_PRECONDITION';
  if (code === 429) return 'RESOURCE_EXHAUSTED';
  if (code === 502 || code === 503) return 'UNAVAILABLE';
  if (code === 504) return 'DEADLINE_EXCEEDED';
  return 'INTERNAL';
}

function readUsage(data: unknown, into: Usage) {
  const u = obj(obj(data)?.usageMetadata);
  if (!u) return;
  const input = int(u.promptTokenCount);
  if (input !== null) into.inputTokens = input;
  // Thinking tokens are billed as output; Gemini reports them apart.
  const candidates = int(u.candidatesTokenCount);
  const thoughts = int(u.thoughtsTokenCount);
  if (candidates !== null || thoughts !== null) into.outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  if (thoughts !== null) into.reasoningTokens = thoughts;
  // Tokens of a cached content the request named, counted in promptTokenCount.
  const cached = int(u.cachedContentTokenCount);
  if (cached !== null) into.cachedTokens = cached;
}

const NO_MODEL =
  'The path must be /gemini/<version>/models/<model>:generateContent, :streamGenerateContent or :countTokens.';

const target = (req: ProviderRequest) => splitModelMethod(req.params['*'] ?? '');

export const gemini: Provider = {
  family: 'gemini',
  tokenHeaders: ['x-goog-api-key'],
  tokenInQuery: true,
  routes: (['v1beta', 'v1'] as const).map((version) => ({
    url: `/gemini/${version}/models/*`,
    // The method, as the caller's path names it (a path without one is still recorded as a Gemini call).
    operation: (params: Record<string, string>) => {
      const t = params['*'] ?? '';
      return t.slice(t.lastIndexOf(':') + 1) || 'gemini';
    },
    noModel: NO_MODEL,
    model: (req: ProviderRequest) => target(req)?.model,
    stream: (req: ProviderRequest) => target(req)?.method === 'streamGenerateContent',
    upstreamPath(req: ProviderRequest, key) {
      const t = target(req)!;
      const path = `/${version}/models/${encodeURIComponent(t.model)}:${t.method}`;
      return `${upstreamBase(key)}${path}${req.query ? `?${req.query}` : ''}`;
    },
  })),
  sign(request, key) {
    request.headers['x-goog-api-key'] = key.secret;
  },
  errorBody: (code: number, _code: GatewayErrorCode, message: string) => ({
    error: { code, message, status: status(code) },
  }),
  streamTexts,
  streamError: (message) => sseEvent({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }),
  answerContent,
  streamContent,
  usage(body) {
    // Without alt=sse, streamGenerateContent answers a JSON array of chunks: the last has the totals.
    const last = Array.isArray(body) ? body[body.length - 1] : body;
    const into: Usage = { inputTokens: null, outputTokens: null };
    readUsage(last, into);
    // countTokens answers {totalTokens}.
    const total = int(obj(last)?.totalTokens);
    if (into.inputTokens === null && total !== null) into.inputTokens = total;
    return into;
  },
  streamUsage: readUsage,
};
