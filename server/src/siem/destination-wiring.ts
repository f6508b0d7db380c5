// Where a destination meets its format (siem/formats/) and its transport (siem/transports/).
import type { SiemDestinationType, Transport } from './siem-contract.ts';
import type { DestinationConnection } from './siem-destination-types.ts';
import { createWebhookTransport } from './transports/webhook.ts';
import { createSplunkHecTransport } from './transports/splunk-hec.ts';
import { createSyslogTransport } from './transports/syslog.ts';

export { formatterFor } from './formats/index.ts';

export type TransportMaker = (destination: DestinationConnection) => Transport;

const syslog: TransportMaker = (d) =>
  createSyslogTransport({ url: d.url, ...(d.tlsCa ? { ca: d.tlsCa } : {}) });

const TRANSPORTS: Readonly<Record<SiemDestinationType, TransportMaker>> = {
  webhook: createWebhookTransport,
  splunk_hec: createSplunkHecTransport,
  syslog,
};

export function transportFor(type: SiemDestinationType): TransportMaker {
  return TRANSPORTS[type];
}
