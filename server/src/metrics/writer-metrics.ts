// The batch writers' backlogs (store/batch-writer.ts), read when Prometheus scrapes: a gauge set on
// every record pushed would cost the hot path for a value read once in fifteen seconds.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { WriterStats } from '../store/batch-writer.ts';

export function registerWriterMetrics(registry: Registry, writers: Record<string, WriterStats>): void {
  const names = Object.keys(writers);
  const registers = [registry];
  new Gauge({
    name: 'gatehouse_batch_writer_pending',
    help: 'Records waiting to be written, per batch writer (activity, audit, risk_findings).',
    labelNames: ['writer'] as const,
    registers,
    collect() {
      for (const writer of names) this.set({ writer }, writers[writer]!.pending);
    },
  });
  new Gauge({
    name: 'gatehouse_batch_writer_lag_seconds',
    help: 'How long the oldest record waiting to be written has waited (0 when none waits), per batch writer.',
    labelNames: ['writer'] as const,
    registers,
    collect() {
      for (const writer of names) this.set({ writer }, writers[writer]!.lagMs / 1000);
    },
  });
  new Counter({
    name: 'gatehouse_batch_writer_dropped_total',
    help: "Records dropped because the writer's backlog was full (the database unreachable for long), per batch writer.",
    labelNames: ['writer'] as const,
    registers,
    collect() {
      this.reset();
      for (const writer of names) this.inc({ writer }, writers[writer]!.dropped);
    },
  });
}
