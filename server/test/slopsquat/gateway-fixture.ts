// What the slopsquat detection tests share: the real Gateway (helpers/gateway.ts) asking the fake
// registries (helpers/fake-registries.ts) instead of the public ones, the policy with the detector set
// as a test needs it, and the lookups of what it recorded.
import assert from 'node:assert/strict';
import type { SlopsquatSettings } from '../../src/policy/detectors/slopsquat.ts';
import type { Engine } from '../helpers/engines.ts';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { findingsFor, policyDoc, setPolicy, type FindingView } from '../helpers/policy.ts';

export interface SlopsquatFixture {
  gateway: GatewayFixture;
  registries: FakeRegistries;
  /** Sets the detector (the text detectors off); `block` with a 1.5 s deadline unless said. */
  policy(settings?: Partial<SlopsquatSettings>): Promise<void>;
  /** The finding of this package (the rule `slopsquat:<reason>`), once written. */
  finding(rule: string, pkg: string): Promise<FindingView>;
  /** What the observatory keeps of a name (GET /api/v1/slopsquat/names), once written. */
  observed(ecosystem: string, name: string): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export async function startSlopsquatFixture(engine: Engine): Promise<SlopsquatFixture> {
  const registries = await startFakeRegistries();
  const registryList = Object.entries(registries.urls)
    .map(([ecosystem, url]) => `${ecosystem}=${url}`)
    .join(',');
  let gateway: GatewayFixture;
  try {
    gateway = await startGatewayFixture(engine, {
      server: { env: { GATEHOUSE_SLOPSQUAT_REGISTRIES: registryList } },
    });
  } catch (err) {
    await registries.close();
    throw err;
  }
  return {
    gateway,
    registries,
    async policy(settings = {}) {
      await setPolicy(
        gateway.admin,
        policyDoc('off', {
          slopsquat: { action: 'block', young_days: 30, deadline_ms: 1_500, allowlist: [], ...settings },
        }),
      );
    },
    async finding(rule, pkg) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = (await findingsFor(gateway.admin, rule)).find((f) => f.evidence.package === pkg);
        if (found) return found;
        assert.ok(Date.now() < deadline, `no ${rule} finding for ${pkg}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async observed(ecosystem, name) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const res = await gateway.admin.get<{ names: Array<Record<string, any>> }>(
          '/api/v1/slopsquat/names?limit=100',
        );
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const found = res.body.names.find((n) => n.ecosystem === ecosystem && n.name === name);
        if (found) return found;
        assert.ok(Date.now() < deadline, `the observatory has no ${ecosystem} ${name}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await gateway.close();
      await registries.close();
    },
  };
}

/** A day `days` ago, as the registries give a first publication (ISO 8601). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
