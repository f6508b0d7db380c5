// The observatory: the Gateway's ObservatoryRecorder (record() and knownElsewhere(), neither of which
// waits), the settings, the subscriptions, and the snapshot every reader is served from. The snapshot
// is the store's tallies per name, read again (a few grouped queries) shortly after sightings commit on
// any replica (the `slopsquat` change topic) and every SNAPSHOT_MS whatever happens; the settings are
// applied to it in memory (publication.ts), so that no request of the feed, the preview or the names
// view ever queries the database.
import type { Logger } from 'pino';
import type { Store } from '../../store/database.ts';
import type { ChangeBus } from '../../store/change-bus.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import type { Ecosystem, ObservatoryRecorder, SlopsquatReason } from '../slopsquat-contract.ts';
import { createObservatorySettings, type ObservatorySettingsService } from './observatory-settings.ts';
import { createSightingWriter } from './sighting-writer.ts';
import { families, nameFacts, tallies } from './observatory-store.ts';
import { publish, type NameTally, type Published } from './publication.ts';
import { createFeedBook, decodeCursor, pageOf, type FeedBook, type FeedPage } from './feed-pages.ts';
import { createFeedSubscriptions, type SubscriptionStatus } from './feed-subscriptions.ts';
import type { FeedLimits } from './feed-reader.ts';
import { createPrivateRegistryCheck } from './private-registry-check.ts';
import { createRegistrationCheck } from './registration-check.ts';
import { privateNameMatcher } from './private-names.ts';
import type { RegistryLookup } from '../registry/lookup.ts';
import type { RegistryUrls } from '../registry/registry-urls.ts';
import type { CaughtName, PageQuery } from './observatory-types.ts';

/** The snapshot is read again this often even when no change was announced. */
export const SNAPSHOT_MS = 30_000;
/** Sightings committed within this of each other make one rebuild. */
const SETTLE_MS = 200;

export interface Observatory extends ObservatoryRecorder {
  load(): Promise<void>;
  settings: ObservatorySettingsService;
  /** A page of the public feed; null while an admin has it turned off. */
  feed(query: PageQuery): FeedPage | null;
  /** The same page whether the feed is on or off: exactly what is (or would be) published. */
  preview(query: PageQuery): FeedPage;
  /** The names caught here, published or not, with why not. */
  names(query: PageQuery & { published?: boolean | undefined }): {
    names: CaughtName[];
    next_cursor: string | null;
  };
  subscriptions(): SubscriptionStatus[];
  /** Reads the store again now (tests; also what the timers do). */
  refresh(): Promise<void>;
  /** Asks the public registries about the invented names due at `now` (tests; also what each snapshot does). */
  checkRegistrations(now?: number): Promise<void>;
  /** Polls every subscribed feed now (tests; also what the timer does). */
  pollSubscriptions(): Promise<void>;
  /** Writes every pending sighting (graceful stop). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface ObservatoryOptions {
  /** Subscribed feeds' limits (tests shorten the deadline). */
  feedLimits?: FeedLimits;
}

type TallyRow = Awaited<ReturnType<typeof tallies>>[number];

/** The store's rows as one tally per name. */
function tallyNames(
  rows: TallyRow[],
  familyRows: Awaited<ReturnType<typeof families>>,
  facts: Awaited<ReturnType<typeof nameFacts>>,
): NameTally[] {
  const byName = new Map<string, NameTally>();
  const keyOf = (r: { ecosystem: string; name: string }) => `${r.ecosystem}\0${r.name}`;
  for (const r of rows) {
    const k = keyOf(r);
    let t = byName.get(k);
    if (!t) {
      t = {
        ecosystem: r.ecosystem as Ecosystem,
        name: r.name,
        reasons: new Map(),
        registeredSince: null,
        privateStatus: null,
        privateRegistry: null,
        privateCheckedAt: null,
        publicCheckedAt: null,
      };
      byName.set(k, t);
    }
    t.reasons.set(r.reason as SlopsquatReason, {
      firstSeen: Number(r.first_seen),
      lastSeen: Number(r.last_seen),
      count: Number(r.count),
      blocked: Number(r.blocked),
      developers: Number(r.developers),
      families: [],
    });
  }
  for (const f of familyRows)
    byName
      .get(keyOf(f))
      ?.reasons.get(f.reason as SlopsquatReason)
      ?.families.push(f.model_family);
  for (const f of facts) {
    const t = byName.get(keyOf(f));
    if (!t) continue;
    t.registeredSince = f.registered_since === null ? null : Number(f.registered_since);
    t.privateStatus = f.private_status;
    t.privateRegistry = f.private_registry;
    t.privateCheckedAt = f.private_checked_at === null ? null : Number(f.private_checked_at);
    t.publicCheckedAt = f.public_checked_at === null ? null : Number(f.public_checked_at);
  }
  return [...byName.values()];
}

export interface ObservatoryDeps {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  log: Logger;
  /** Keys the developer hashes (derived from the master key for this purpose only). */
  developerKey: Buffer;
  /**
   * The Gateway's registry lookup and the registries configured for it (GATEHOUSE_SLOPSQUAT_REGISTRIES):
   * the settings' registries are put in their place, at start and at every change.
   */
  registries?: { lookup: RegistryLookup; configured: RegistryUrls };
}

export function createObservatory(deps: ObservatoryDeps, options: ObservatoryOptions = {}): Observatory {
  const { store, changes, log } = deps;
  const settings = createObservatorySettings(deps);
  const subscriptions = createFeedSubscriptions({
    store,
    log,
    ...(options.feedLimits ? { limits: options.feedLimits } : {}),
  });

  let names: NameTally[] = [];
  let published: Published = { names: [], feed: [] };
  let book: FeedBook = createFeedBook([], settings.current().k, new Date().toISOString());

  const privateCheck = createPrivateRegistryCheck({
    store,
    log,
    committed: () => changes.publish('slopsquat', 'private_registry'),
  });
  const registrationCheck =
    deps.registries &&
    createRegistrationCheck({
      store,
      log,
      lookup: deps.registries.lookup,
      committed: () => changes.publish('slopsquat', 'registration'),
    });

  /**
   * The settings applied to the tallies; the feed's pages are made anew only when its content changed.
   * Then the private registries are asked about whatever waits for them, and the public ones about the
   * invented names due for another look.
   */
  function republish() {
    const s = settings.current();
    published = publish(names, s);
    const next = createFeedBook(published.feed, s.k, new Date().toISOString());
    if (next.content !== book.content) book = next;
    void privateCheck.round(names, s, privateNameMatcher(s.private_scopes));
    void registrationCheck?.round(names);
  }

  /** The registries the lookups ask: the private ones, and the Gateway's with the admin's in place. */
  function pointLookups(s = settings.current()) {
    privateCheck.configure(s);
    if (!deps.registries) return;
    try {
      deps.registries.lookup.setRegistries({ ...deps.registries.configured, ...s.registries });
    } catch (err) {
      log.error({ err }, 'the slopsquat registries could not be set on the lookup');
    }
  }

  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  async function rebuild(): Promise<void> {
    const [t, f, facts] = await Promise.all([tallies(store.db), families(store.db), nameFacts(store.db)]);
    names = tallyNames(t, f, facts);
    republish();
  }
  /** One read at a time; asked during one, another follows it (and that is what the caller waits for). */
  function refresh(): Promise<void> {
    if (running) {
      queued ??= running.then(() => {
        queued = null;
        return refresh();
      });
      return queued;
    }
    running = rebuild()
      .catch((err: unknown) => log.error({ err }, 'the slopsquat observatory could not read its store'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  let settle: NodeJS.Timeout | undefined;
  const stale = () => {
    settle ??= setTimeout(() => {
      settle = undefined;
      void refresh();
    }, SETTLE_MS).unref();
  };
  changes.subscribe('slopsquat', stale);
  changes.onResync(() => refresh());
  const periodic = setInterval(() => void refresh(), SNAPSHOT_MS).unref();

  const writer = createSightingWriter({
    store,
    log,
    developerKey: deps.developerKey,
    committed: () => changes.publish('slopsquat', 'sightings'),
  });

  const pageQuery = (q: PageQuery) => ({
    ecosystem: q.ecosystem,
    after: q.cursor === undefined ? undefined : (decodeCursor(q.cursor) ?? undefined),
    limit: q.limit,
  });

  return {
    async load() {
      await settings.load();
      pointLookups();
      await refresh();
      await subscriptions.load(settings.current().subscriptions);
      // From here on a change (made here or announced by another replica) applies at once.
      settings.onChange((s) => {
        pointLookups(s);
        republish();
        subscriptions.resubscribe(s.subscriptions);
      });
    },
    settings,
    record: (sighting) => writer.record(sighting),
    knownElsewhere: (ecosystem, name) => subscriptions.knows(ecosystem, name),
    feed: (query) => (settings.current().feed_enabled ? book.page(query) : null),
    preview: (query) => book.page(query),
    names(query) {
      const list =
        query.published === undefined
          ? published.names
          : published.names.filter((n) => n.published === query.published);
      const { items, next_cursor } = pageOf(list, pageQuery(query));
      return { names: items, next_cursor };
    },
    subscriptions: () => subscriptions.status(),
    refresh,
    checkRegistrations: (now) => registrationCheck?.next(() => names, now) ?? Promise.resolve(),
    pollSubscriptions: () => subscriptions.pollAll(),
    drain: () => writer.drain(),
    async close() {
      clearInterval(periodic);
      clearTimeout(settle);
      await writer.drain();
      await subscriptions.close();
      await privateCheck.close();
      await registrationCheck?.close();
      await running;
    },
  };
}
