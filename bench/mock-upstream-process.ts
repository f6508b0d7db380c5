// The mock provider for the Gateway benchmark, as its own process so that its CPU is neither the load
// generator's nor the proxy's: server/test/mocks/mock-upstream.ts (OpenAI, Anthropic, Azure and Gemini on
// one node:http server on 127.0.0.1), keeping no record of requests so that a long run cannot grow it.
// It prints one line, {"url": "http://127.0.0.1:<port>"}, once it listens; SIGTERM stops it.
//
//   BENCH_MOCK_CHUNK_DELAY_MS  pause between the frames of a streamed answer (default 0)
import { startMockUpstream } from '../server/test/mocks/mock-upstream.ts';

const chunkDelayMs = Number(process.env.BENCH_MOCK_CHUNK_DELAY_MS ?? 0) || 0;
const mock = await startMockUpstream({ record: 'none', chunkDelayMs });
process.stdout.write(`${JSON.stringify({ url: mock.url })}\n`);

const stop = () => void mock.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
