// The SIEM export's lag per destination, read when Prometheus scrapes, from the destinations this
// process sends (the lease holder's): the label is the destination's name, and admins create few.
import { Gauge, type Registry } from 'prom-client';
import type { SiemExporter } from '../siem/siem-exporter.ts';

export function registerSiemMetrics(registry: Registry, exporter: SiemExporter): void {
  new Gauge({
    name: 'gatehouse_siem_export_lag_records',
    help: 'Records not yet acknowledged by a SIEM destination (all its streams), on the process sending to it.',
    labelNames: ['destination'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [destination, lag] of exporter.lag()) this.set({ destination }, lag);
    },
  });
}
