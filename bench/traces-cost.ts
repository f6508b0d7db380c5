// Part of the traces suite (traces-suite.ts): the CPU that tracing itself adds to one Gateway request,
// measured in this process so that no other process's share of the machine is in it. The same three
// steps the Gateway takes per request (begin, upstream, the activity record that ends the spans) run
// over the real activity log (on a fresh SQLite store) with tracing off and with the real SDK exporting
// to a local receiver; the difference in this process's CPU time per request is tracing's cost,
// export included (the SDK's batching and serialisation run on this thread too). Process CPU time is
// what a busy machine disturbs least: it counts only what this process ran.
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { createActivityLog } from '../server/src/activity/activity-log.ts';
import type { ActivityInput } from '../server/src/activity/activity-types.ts';
import { createLogger } from '../server/src/http/logger.ts';
import { openStore } from '../server/src/store/database.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { startTracing, type GatewayTracing } from '../server/src/tracing/gateway-tracing.ts';
import { tracingSettings } from '../server/src/tracing/tracing-config.ts';

export interface TracingCost {
  requests: number;
  /** CPU µs per request of the three steps, tracing off and on, and the difference. */
  offUs: number;
  onUs: number;
  addedUs: number;
  /** Spans the receiver got while it ran (two per request with tracing on, unless the queue dropped some). */
  spans: number;
}

const PER_ROUND = 20_000;
/** Requests between two turns of the event loop: the exporter's timer and sockets run in between, as
 * they would between a real Gateway's requests (one synchronous burst would only fill the queue). */
const PER_TURN = 20;

/** The per-request cost, over `rounds` rounds of each (off and on taking turns), exporting to `otlpUrl`. */
export async function measureTracingCost(
  receiver: { url: string; counts: { spans: number } },
  rounds: number,
): Promise<TracingCost> {
  const spansBefore = receiver.counts.spans;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-traces-'));
  const log = createLogger('silent');
  const store = openStore({ log, databaseUrl: undefined, dataDir: dir });
  try {
    await migrate(store);
    const activity = createActivityLog(store, log);
    const settings = tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url })!;
    const tracing = (await startTracing(settings, activity, log))!;
    const cpu = { off: 0, on: 0 };
    let n = 0;
    for (let round = 0; round < rounds * 2; round++) {
      const on = round % 2 === 1;
      const started = process.cpuUsage();
      for (let i = 0; i < PER_ROUND; i++) {
        oneRequest(on ? tracing : null, activity, `req_bench${n++}`);
        if (i % PER_TURN === PER_TURN - 1) await new Promise((r) => setImmediate(r));
      }
      // What the batch writer and the exporter still owe for this round is part of its cost.
      await activity.drain();
      await new Promise((r) => setTimeout(r, on ? 6_000 : 0));
      const used = process.cpuUsage(started);
      cpu[on ? 'on' : 'off'] += used.user + used.system;
    }
    await tracing.shutdown();
    await activity.drain();
    const requests = PER_ROUND * rounds;
    const offUs = cpu.off / requests;
    const onUs = cpu.on / requests;
    return { requests, offUs, onUs, addedUs: onUs - offUs, spans: receiver.counts.spans - spansBefore };
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the Gateway does for one chat request, as far as tracing sees it. */
function oneRequest(
  tracing: GatewayTracing | null,
  activity: ReturnType<typeof createActivityLog>,
  id: string,
): void {
  const startedAt = performance.now();
  // The request as the hooks read it (fastify's object carries these and more).
  const request = {
    id,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'claude-cli/2.0.0 (external, cli)' },
    routeOptions: { url: '/v1/messages' },
  } as unknown as FastifyRequest;
  tracing?.begin(request, { closed: false } as ServerResponse, startedAt);
  const headers: Record<string, string | string[]> = { 'content-type': 'application/json' };
  tracing?.upstream(request, 'https://api.anthropic.com/v1/messages', headers);
  activity.record(record(id, startedAt));
}

function record(requestId: string, startedAt: number): ActivityInput {
  return {
    time: Date.now(),
    requestId,
    actor: { type: 'credential', id: 'cred_bench', name: 'bench' },
    device: null,
    tool: 'claude-code',
    mode: 'provider_key',
    userAgent: 'claude-cli/2.0.0 (external, cli)',
    ip: '127.0.0.1',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    providerKeyId: 'pk_bench',
    operation: 'messages',
    status: 200,
    outcome: 'allowed',
    errorCode: null,
    signals: [],
    signalActions: {},
    inputTokens: 1200,
    outputTokens: 300,
    cachedTokens: 0,
    reasoningTokens: null,
    latencyUs: Math.round((performance.now() - startedAt) * 1000),
    ttfbUs: null,
    stream: false,
    requestBytes: 2048,
    responseBytes: 1024,
  };
}
