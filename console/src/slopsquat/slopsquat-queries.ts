// Server state of the Slopsquat page: the names caught (the observatory's names view, a page at a time
// in the API's (ecosystem, name) order), the public feed's preview (read as text, so that the page can
// show the very bytes the feed serves), the observatory's settings and their change, the slopsquat
// findings newest first, and the Gateway request behind a finding.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  unwrap,
  type Activity,
  type CaughtName,
  type Ecosystem,
  type FeedPage,
  type ObservatorySettings,
  type ObservatorySettingsView,
  type RiskFinding,
} from '../api/client';
import { useNewestFirstFeed } from '../ui/newest-first-feed';
import { isSlopsquatFinding } from './format';

export interface NameFilters {
  ecosystem: Ecosystem | '';
  /** '' every name; 'yes' those the feed lists; 'no' those it withholds. */
  published: '' | 'yes' | 'no';
}

const NAMES_PAGE = 200;
const SETTINGS = ['slopsquat-settings'] as const;

export function useCaughtNames(filters: NameFilters) {
  return useInfiniteQuery({
    queryKey: ['slopsquat-names', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = {
        limit: NAMES_PAGE,
        ...(filters.ecosystem ? { ecosystem: filters.ecosystem } : {}),
        ...(filters.published ? { published: filters.published === 'yes' } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return unwrap(await api.GET('/api/v1/slopsquat/names', { params: { query } }));
    },
    getNextPageParam: (last) => last.next_cursor,
    select: (data): CaughtName[] => data.pages.flatMap((p) => p.names),
  });
}

/** One page of the feed as published: its text as served, and what it says. */
export interface PreviewPage {
  text: string;
  page: FeedPage;
}

export function useFeedPreview(ecosystem: Ecosystem | '') {
  return useInfiniteQuery({
    queryKey: ['slopsquat-preview', ecosystem],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<PreviewPage> => {
      const query = {
        ...(ecosystem ? { ecosystem } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      const text = unwrap(
        await api.GET('/api/v1/slopsquat/observatory/preview', { params: { query }, parseAs: 'text' }),
      );
      return { text, page: JSON.parse(text) as FeedPage };
    },
    getNextPageParam: (last) => last.page.next_cursor,
  });
}

export function useObservatorySettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: async () => unwrap(await api.GET('/api/v1/slopsquat/settings')),
  });
}

/**
 * Sends every setting; what is published changes with them, so the names and the preview are read again.
 * `onSaved` runs even when the saved settings replace the form that sent them (it is keyed by them).
 */
export function useSaveObservatorySettings(onSaved?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ObservatorySettings) =>
      unwrap(await api.PUT('/api/v1/slopsquat/settings', { body })),
    onSuccess: async (saved) => {
      onSaved?.();
      client.setQueryData(SETTINGS, saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['slopsquat-names'] }),
        client.invalidateQueries({ queryKey: ['slopsquat-preview'] }),
      ]);
    },
  });
}

/** The settings a change starts from: the view without what only the server knows. */
export function settingsOf(view: ObservatorySettingsView): ObservatorySettings {
  const { feed_enabled, k, private_scopes, private_registries, subscriptions, registries } = view;
  return { feed_enabled, k, private_scopes, private_registries, subscriptions, registries };
}

/** Slopsquat findings newest first; `blocked`: only those whose last sighting stopped an install. */
export function useSlopsquatFindings(blockedOnly: boolean) {
  return useNewestFirstFeed({
    name: 'slopsquat-findings',
    filters: blockedOnly,
    pageSize: 100,
    readPage: async (paging) => {
      const page = unwrap(
        await api.GET('/api/v1/risk/findings', { params: { query: { ...paging, kind: 'slopsquat' } } }),
      );
      const rows = page.findings
        .filter(isSlopsquatFinding)
        .filter((f) => !blockedOnly || f.evidence.action === 'blocked');
      return { rows, nextCursor: page.next_cursor };
    },
  });
}

/**
 * How long after a finding's last sighting its request's record may be written: the record waits for
 * the request's own lookups, which never run past their deadline (10 s at most).
 */
const RECORD_WITHIN_MS = 60_000;

/**
 * The Gateway request of a finding's last sighting. A finding keeps no request id, but the Gateway
 * records the sighting before it writes the request's activity, for the same caller, with the finding's
 * rule among its signals: the first such record from the sighting on is that request.
 */
export async function requestOf(f: RiskFinding): Promise<Activity | null> {
  const seen = Date.parse(f.last_seen);
  const query = {
    actor_id: f.actor.id,
    since: new Date(seen).toISOString(),
    until: new Date(seen + RECORD_WITHIN_MS).toISOString(),
    limit: 100,
  };
  const page = unwrap(await api.GET('/api/v1/activity', { params: { query } }));
  return page.activity.find((a) => a.signals.includes(f.rule)) ?? null;
}
