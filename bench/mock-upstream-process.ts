// The mock provider for the Gateway benchmark, as its own process so that its CPU is neither the load
// generator's nor the proxy's: server/test/mocks/mock-upstream.ts (OpenAI, Anthropic, Azure and Gemini on
// one node:http server on 127.0.0.1), keeping no record of requests so that a long run cannot grow it.
// Beside it, the fake package registries (server/test/helpers/fake-registries.ts) that the Gateway's
// slopsquat detector asks instead of the public ones: a benchmark must not depend on the internet (the
// lookups are cached, so a run asks them a few times only). It prints one line,
// {"url": "http://127.0.0.1:<port>", "registries": "npm=http://…,pypi=…"}, once it listens; SIGTERM
// stops it.
//
//   BENCH_MOCK_CHUNK_DELAY_MS  pause between the frames of a streamed answer (default 0)
import { startFakeRegistries } from '../server/test/helpers/fake-registries.ts';
import { startMockUpstream } from '../server/test/mocks/mock-upstream.ts';

const chunkDelayMs = Number(process.env.BENCH_MOCK_CHUNK_DELAY_MS ?? 0) || 0;
const mock = await startMockUpstream({ record: 'none', chunkDelayMs });
const fakes = await startFakeRegistries();
const registries = Object.entries(fakes.urls)
  .map(([ecosystem, url]) => `${ecosystem}=${url}`)
  .join(',');
process.stdout.write(`${JSON.stringify({ url: mock.url, registries })}\n`);

const stop = () => void Promise.all([mock.close(), fakes.close()]).finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
