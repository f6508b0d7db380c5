// Suggestions for the filters that take a person, a credential or a device: what matches the typed text,
// from the management API's own lists (developers and devices searched on the server with q=, a page of
// ten; credentials and admins, which the API lists whole and which are few, matched here), and the name
// of the id a filter already holds (from the address, or a detail's "show every … by this actor").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export type PartyKind = 'admin' | 'developer' | 'credential' | 'device';

export interface Party {
  /** The id the filter and the address hold. */
  value: string;
  /** What the control shows: a name, an e-mail address. */
  label: string;
  kind: PartyKind;
}

const SUGGESTED = 10;

export const KIND_GROUP: Record<PartyKind, string> = {
  developer: 'Developers',
  admin: 'Admins',
  credential: 'API credentials',
  device: 'Devices',
};

/** Which kind an id names, by its prefix (the server's newId prefixes). */
const PREFIX: Record<string, PartyKind> = {
  adm: 'admin',
  dev: 'developer',
  cred: 'credential',
  dvc: 'device',
};
export const kindOf = (id: string): PartyKind | undefined => PREFIX[id.split('_')[0] ?? ''];

const contains = (text: string, ...fields: (string | null | undefined)[]) =>
  fields.some((f) => f?.toLowerCase().includes(text.toLowerCase()));

const personLabel = (p: { name?: string | null; email: string }) =>
  p.name ? `${p.name} (${p.email})` : p.email;

/** One kind's matches. A list the signed-in admin may not read (admins are an owner's) suggests nothing. */
async function suggest(kind: PartyKind, text: string): Promise<Party[]> {
  const q = text === '' ? {} : { q: text };
  switch (kind) {
    case 'developer': {
      const page = await api.GET('/api/v1/developers', {
        params: { query: { order: 'desc', limit: SUGGESTED, ...q } },
      });
      return (page.data?.developers ?? []).map((d) => ({ value: d.id, label: personLabel(d), kind }));
    }
    case 'device': {
      const page = await api.GET('/api/v1/devices', {
        params: { query: { order: 'desc', limit: SUGGESTED, ...q } },
      });
      return (page.data?.devices ?? []).map((d) => ({
        value: d.id,
        label: `${d.name} (${d.developer.email})`,
        kind,
      }));
    }
    case 'credential': {
      const list = await api.GET('/api/v1/credentials');
      return (list.data?.credentials ?? [])
        .filter((c) => contains(text, c.name, c.id))
        .slice(0, SUGGESTED)
        .map((c) => ({ value: c.id, label: c.name, kind }));
    }
    case 'admin': {
      const list = await api.GET('/api/v1/admins');
      return (list.data?.admins ?? [])
        .filter((a) => contains(text, a.email, a.id))
        .slice(0, SUGGESTED)
        .map((a) => ({ value: a.id, label: a.email, kind }));
    }
  }
}

/** What matches `text` among these kinds, by kind in the order given. */
export function usePartySuggestions(kinds: readonly PartyKind[], text: string, enabled: boolean) {
  return useQuery({
    queryKey: ['party-suggestions', kinds, text],
    enabled,
    staleTime: 30_000,
    // The last answer stays while the next is asked for (the select narrows it to the typed text): an
    // empty list in between would drop the option the keyboard had moved to.
    placeholderData: keepPreviousData,
    queryFn: async () => (await Promise.all(kinds.map((k) => suggest(k, text)))).flat(),
  });
}

export const partyNameKey = (id: string) => ['party-name', id] as const;

/** The name of the id a filter holds, or the id itself when it names nothing the admin may read. */
export function usePartyName(id: string) {
  const kind = kindOf(id);
  return useQuery({
    queryKey: partyNameKey(id),
    enabled: id !== '',
    staleTime: 60_000,
    queryFn: async (): Promise<Party> => {
      const named = async (): Promise<string | undefined> => {
        switch (kind) {
          case 'developer': {
            const res = await api.GET('/api/v1/developers/{id}', { params: { path: { id } } });
            return res.data && personLabel(res.data);
          }
          case 'credential': {
            const res = await api.GET('/api/v1/credentials/{id}', { params: { path: { id } } });
            return res.data?.name;
          }
          case 'device':
          case 'admin':
            return (await suggest(kind, id)).find((p) => p.value === id)?.label;
          default:
            return undefined;
        }
      };
      return { value: id, label: (await named()) ?? id, kind: kind ?? 'developer' };
    },
  });
}

/** The audit actions the server writes, for the audit log's Action filter. */
export function useAuditActions() {
  return useQuery({
    queryKey: ['audit-actions'],
    staleTime: Infinity,
    queryFn: async () => unwrap(await api.GET('/api/v1/audit/actions')).actions,
  });
}
