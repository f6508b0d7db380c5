// Subscriptions to other deployments' observatory feeds: each polled in the background (a new one at
// once, then every POLL_MS, later when it asked with Retry-After), its names held in memory for
// knownElsewhere() (the Gateway asks it before any registry lookup, so it must never wait) and kept in
// the store, so that a restarted replica knows them before its first poll. A failed poll keeps what the
// feed said last; its error is shown in the settings.
import type { Dispatcher } from 'undici';
import type { Logger } from 'pino';
import type { Store } from '../../store/database.ts';
import type { Ecosystem } from '../slopsquat-contract.ts';
import { createFeedAgent, readFeed, FEED_LIMITS, type FeedLimits, type FeedName } from './feed-reader.ts';
import { feedNames, forgetFeeds, replaceFeedNames } from './observatory-store.ts';

export const POLL_MS = 15 * 60_000;
/** However long a feed asks to be left alone, it is asked again within a day. */
const MAX_BACK_OFF_MS = 24 * 3600_000;

export interface SubscriptionStatus {
  url: string;
  /** Names it reports, as last read. */
  names: number;
  last_polled_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
}

interface Feed {
  url: string;
  names: Set<string>;
  etag: string | null;
  polledAt: number | null;
  succeededAt: number | null;
  error: string | null;
  /** Not asked again before this (a Retry-After). */
  notBefore: number;
  polling: Promise<void> | null;
  queued: Promise<void> | null;
}

export interface FeedSubscriptions {
  load(subscriptions: string[]): Promise<void>;
  /** The subscription list changed: forget removed feeds, poll new ones at once. */
  resubscribe(subscriptions: string[]): void;
  knows(ecosystem: Ecosystem, name: string): boolean;
  /** Polls every feed now (tests, and what the timer does). */
  pollAll(): Promise<void>;
  status(): SubscriptionStatus[];
  close(): Promise<void>;
}

const keyOf = (n: { ecosystem: string; name: string }) => `${n.ecosystem}\0${n.name}`;
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function createFeedSubscriptions(deps: {
  store: Store;
  log: Logger;
  limits?: FeedLimits;
  pollMs?: number;
}): FeedSubscriptions {
  const limits = deps.limits ?? FEED_LIMITS;
  const feeds = new Map<string, Feed>();
  // How many feeds report each name: knownElsewhere is one map lookup.
  const known = new Map<string, number>();
  const stop = new AbortController();
  let agent: Dispatcher | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const count = (key: string, by: number) => {
    const n = (known.get(key) ?? 0) + by;
    if (n <= 0) known.delete(key);
    else known.set(key, n);
  };

  function setNames(feed: Feed, names: Set<string>) {
    for (const k of feed.names) if (!names.has(k)) count(k, -1);
    for (const k of names) if (!feed.names.has(k)) count(k, 1);
    feed.names = names;
  }

  const fresh = (url: string): Feed => ({
    url,
    names: new Set(),
    etag: null,
    polledAt: null,
    succeededAt: null,
    error: null,
    notBefore: 0,
    polling: null,
    queued: null,
  });

  async function poll(feed: Feed): Promise<void> {
    if (closed || Date.now() < feed.notBefore) return;
    agent ??= createFeedAgent();
    const read = await readFeed(feed.url, feed.etag, agent, stop.signal, limits);
    if (closed || feeds.get(feed.url) !== feed) return; // unsubscribed meanwhile
    const now = Date.now();
    feed.polledAt = now;
    if (read.status === 'failed') {
      feed.error = read.error;
      if (read.retryAfterMs !== undefined)
        feed.notBefore = now + Math.min(read.retryAfterMs, MAX_BACK_OFF_MS);
      deps.log.warn({ feed: feed.url, error: read.error }, 'a subscribed slopsquat feed could not be read');
      return;
    }
    feed.error = null;
    feed.succeededAt = now;
    if (read.status === 'not_modified') return;
    feed.etag = read.etag;
    setNames(feed, new Set(read.names.map(keyOf)));
    await replaceFeedNames(deps.store.db, feed.url, read.names, now).catch((err: unknown) =>
      deps.log.error({ err, feed: feed.url }, 'the names of a subscribed slopsquat feed could not be stored'),
    );
  }

  /** One poll of a feed at a time; asked during one, another follows it (what the caller waits for). */
  function pollOne(feed: Feed): Promise<void> {
    if (feed.polling) {
      feed.queued ??= feed.polling.then(() => {
        feed.queued = null;
        return pollOne(feed);
      });
      return feed.queued;
    }
    feed.polling = poll(feed)
      .catch((err: unknown) => deps.log.error({ err, feed: feed.url }, 'polling a slopsquat feed failed'))
      .finally(() => {
        feed.polling = null;
      });
    return feed.polling;
  }

  const pollAll = async () => {
    await Promise.all([...feeds.values()].map(pollOne));
  };

  function schedule() {
    if (closed || timer) return;
    timer = setInterval(() => void pollAll(), deps.pollMs ?? POLL_MS);
    timer.unref();
  }

  return {
    async load(subscriptions) {
      for (const url of subscriptions) feeds.set(url, fresh(url));
      const byFeed = new Map<string, FeedName[]>();
      for (const r of await feedNames(deps.store.db)) {
        if (!feeds.has(r.feed)) continue;
        const list = byFeed.get(r.feed) ?? [];
        list.push(r as FeedName);
        byFeed.set(r.feed, list);
      }
      for (const [url, names] of byFeed) setNames(feeds.get(url)!, new Set(names.map(keyOf)));
      await forgetFeeds(deps.store.db, subscriptions).catch((err: unknown) =>
        deps.log.error({ err }, 'the names of removed slopsquat feeds could not be deleted'),
      );
      schedule();
      void pollAll();
    },
    resubscribe(subscriptions) {
      const wanted = new Set(subscriptions);
      for (const [url, feed] of feeds) {
        if (wanted.has(url)) continue;
        setNames(feed, new Set());
        feeds.delete(url);
      }
      for (const url of subscriptions) {
        if (feeds.has(url)) continue;
        const feed = fresh(url);
        feeds.set(url, feed);
        void pollOne(feed);
      }
      void forgetFeeds(deps.store.db, subscriptions).catch((err: unknown) =>
        deps.log.error({ err }, 'the names of removed slopsquat feeds could not be deleted'),
      );
    },
    knows: (ecosystem, name) => known.has(`${ecosystem}\0${name}`),
    pollAll,
    status: () =>
      [...feeds.values()].map((f) => ({
        url: f.url,
        names: f.names.size,
        last_polled_at: iso(f.polledAt),
        last_success_at: iso(f.succeededAt),
        last_error: f.error,
      })),
    async close() {
      closed = true;
      clearInterval(timer);
      stop.abort();
      await Promise.all([...feeds.values()].flatMap((f) => [f.polling, f.queued]));
      await agent?.close();
    },
  };
}
