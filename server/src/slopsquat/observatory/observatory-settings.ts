// The observatory's settings (feed on or off, k, private scopes and registries, subscriptions, registry
// addresses): one JSON value in server_settings, held in memory and kept true on every replica by the
// `setting` change topic, as the device settings are. Every change is audited with what it changed.
import type { Store } from '../../store/database.ts';
import type { ChangeBus } from '../../store/change-bus.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../../audit/audit-types.ts';
import { ECOSYSTEMS, type Ecosystem } from '../slopsquat-contract.ts';
import { httpBaseUrl } from '../../config-urls.ts';
import { privateScopeProblem } from './private-names.ts';
import {
  DEFAULT_OBSERVATORY_SETTINGS,
  MAX_K,
  MAX_PRIVATE_SCOPES,
  MAX_SUBSCRIPTIONS,
  MIN_K,
  type ObservatorySettings,
} from './observatory-types.ts';

export const OBSERVATORY_SETTING = 'slopsquat_observatory';
export const MAX_URL_LENGTH = 2048;

export interface ObservatorySettingsService {
  load(): Promise<void>;
  current(): ObservatorySettings;
  /** Replaces the settings (validated: a problem throws SettingsProblem naming the field). */
  update(next: ObservatorySettings, origin: RequestOrigin): Promise<ObservatorySettings>;
  /** Called after every change, made here or on another replica. */
  onChange(listener: (settings: ObservatorySettings) => void): void;
}

export class SettingsProblem extends Error {}

/** Why an address is refused, or null. No credentials in it: they would sit in settings and audit events. */
export function urlProblem(field: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field}: "${value.slice(0, 80)}" is not an absolute http or https address.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${field}: "${value.slice(0, 80)}" must be an http or https address.`;
  if (url.username || url.password)
    return `${field}: the address must not carry a user name or password; Gatehouse would keep and audit it in clear.`;
  if (url.hash) return `${field}: "${value.slice(0, 80)}" must not have a #fragment.`;
  if (value.length > MAX_URL_LENGTH)
    return `${field}: the address is longer than ${MAX_URL_LENGTH} characters.`;
  return null;
}

/** Checks what the API's schema cannot (patterns, addresses, duplicates); throws SettingsProblem. */
export function validateSettings(s: ObservatorySettings): ObservatorySettings {
  const problems: string[] = [];
  if (!Number.isInteger(s.k) || s.k < MIN_K || s.k > MAX_K)
    problems.push(`k must be a whole number from ${MIN_K} to ${MAX_K}.`);
  if (s.private_scopes.length > MAX_PRIVATE_SCOPES)
    problems.push(`private_scopes holds at most ${MAX_PRIVATE_SCOPES} patterns.`);
  for (const p of s.private_scopes) {
    const problem = privateScopeProblem(p);
    if (problem) problems.push(`private_scopes: ${problem}`);
  }
  if (s.subscriptions.length > MAX_SUBSCRIPTIONS)
    problems.push(`subscriptions holds at most ${MAX_SUBSCRIPTIONS} feed addresses.`);
  if (new Set(s.subscriptions).size !== s.subscriptions.length)
    problems.push('subscriptions lists an address twice.');
  for (const u of s.subscriptions) {
    const problem = urlProblem('subscriptions', u);
    if (problem) problems.push(problem);
  }
  for (const field of ['private_registries', 'registries'] as const) {
    for (const [ecosystem, u] of Object.entries(s[field])) {
      if (!(ECOSYSTEMS as readonly string[]).includes(ecosystem))
        problems.push(`${field}: "${ecosystem.slice(0, 40)}" is not one of ${ECOSYSTEMS.join(', ')}.`);
      const at = `${field}.${ecosystem.slice(0, 40)}`;
      // A registry is a base address: the lookup appends each ecosystem's own paths to it.
      const problem =
        urlProblem(at, String(u)) ??
        (httpBaseUrl(String(u)) === undefined ? `${at}: a registry address takes no ?query.` : null);
      if (problem) problems.push(problem);
    }
  }
  if (problems.length > 0) throw new SettingsProblem(problems.join(' '));
  return {
    feed_enabled: s.feed_enabled,
    k: s.k,
    private_scopes: [...new Set(s.private_scopes)],
    private_registries: sortedMap(s.private_registries),
    subscriptions: [...s.subscriptions],
    registries: sortedMap(s.registries),
  };
}

const sortedMap = (m: Partial<Record<Ecosystem, string>>) =>
  Object.fromEntries(ECOSYSTEMS.filter((e) => m[e] !== undefined).map((e) => [e, m[e]!])) as Partial<
    Record<Ecosystem, string>
  >;

/** A stored value read back: whatever is unreadable in it falls back to the default, never a throw. */
function readStored(text: string | undefined): ObservatorySettings {
  if (text === undefined) return DEFAULT_OBSERVATORY_SETTINGS;
  try {
    const v = JSON.parse(text) as Partial<ObservatorySettings>;
    return validateSettings({ ...DEFAULT_OBSERVATORY_SETTINGS, ...v });
  } catch {
    return DEFAULT_OBSERVATORY_SETTINGS;
  }
}

/** The fields that differ, as {field: {from, to}}: what the audit event says. */
function differences(before: ObservatorySettings, after: ObservatorySettings) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after) as Array<keyof ObservatorySettings>) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      out[field] = { from: before[field], to: after[field] };
  }
  return out;
}

export function createObservatorySettings(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
}): ObservatorySettingsService {
  const { store, changes, audit } = deps;
  let settings = DEFAULT_OBSERVATORY_SETTINGS;
  const listeners: Array<(s: ObservatorySettings) => void> = [];

  const read = async (db: Store['db']) =>
    readStored(
      (
        await db
          .selectFrom('server_settings')
          .select('value')
          .where('key', '=', OBSERVATORY_SETTING)
          .executeTakeFirst()
      )?.value,
    );

  async function load() {
    settings = await read(store.db);
    for (const l of listeners) l(settings);
  }
  changes.subscribe('setting', (name) => (name === OBSERVATORY_SETTING ? load() : undefined));
  changes.onResync(load);

  return {
    load,
    current: () => settings,
    onChange: (listener) => void listeners.push(listener),
    async update(next, origin) {
      const valid = validateSettings(next);
      await store.db.transaction().execute(async (trx) => {
        const previous = await read(trx);
        const changed = differences(previous, valid);
        await trx.deleteFrom('server_settings').where('key', '=', OBSERVATORY_SETTING).execute();
        await trx
          .insertInto('server_settings')
          .values({ key: OBSERVATORY_SETTING, value: JSON.stringify(valid) })
          .execute();
        if (Object.keys(changed).length > 0)
          await audit.inTransaction(
            trx,
            changeEvent(
              'settings.slopsquat_changed',
              { type: 'setting', id: OBSERVATORY_SETTING, name: 'Slopsquat observatory' },
              origin,
              changed,
            ),
          );
      });
      await changes.publish('setting', OBSERVATORY_SETTING);
      return settings;
    },
  };
}
