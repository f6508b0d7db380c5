// Server state of the policy page: the document with the ETag it was read with, its saves, and the
// version history. Every save sends the whole document with If-Match set to the ETag the page loaded,
// so a change made meanwhile by someone else (another admin, an infrastructure-as-code run) is never
// overwritten unseen: the API answers 412 and the page offers to reload where the save was made.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap, type PolicyDocument } from '../api/client';
import type { DetectorLabel } from './format';

/** The document as the page read it, and the ETag that names that version. */
export interface LoadedPolicy {
  document: PolicyDocument;
  etag: string;
}

const POLICY = ['policy'] as const;
const VERSIONS = ['policy-versions'] as const;
const DETECTORS = ['policy-detectors'] as const;

/** The version number inside an ETag such as `"v7-0123456789abcdef"`. */
export function versionOf(etag: string | null | undefined): number | null {
  const m = /^"?v(\d+)-/.exec(etag ?? '');
  return m ? Number(m[1]) : null;
}

/** A save refused with 412: someone else changed the policy after this page read it. */
export class PolicyConflict extends ApiError {
  constructor(inForce: number | null) {
    super(
      412,
      'precondition_failed',
      'Someone else changed the policy after you loaded it' +
        (inForce ? ` (version ${inForce} is in force now)` : '') +
        '. Reload the policy to see their change, then save yours again.',
    );
  }
}

/** What each detector finds, as the server's registry says (GET /api/v1/detectors): fixed per server. */
export function useDetectors() {
  return useQuery({
    queryKey: DETECTORS,
    queryFn: async () => unwrap(await api.GET('/api/v1/detectors')).detectors,
    staleTime: Infinity,
  });
}

/** A detector's label by id from the registry; the id itself until the list has loaded. */
export function useDetectorLabel(): DetectorLabel {
  const detectors = useDetectors().data;
  return (id) => detectors?.find((d) => d.id === id)?.label ?? id;
}

export function usePolicy() {
  return useQuery({
    queryKey: POLICY,
    queryFn: async (): Promise<LoadedPolicy> => {
      const result = await api.GET('/api/v1/policy');
      const document = unwrap(result);
      return { document, etag: result.response.headers.get('etag') ?? '' };
    },
  });
}

/** Saves a whole document over the version the page loaded; a 412 throws PolicyConflict. */
export function useSavePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ document, etag }: LoadedPolicy): Promise<LoadedPolicy> => {
      const result = await api.PUT('/api/v1/policy', {
        body: document,
        params: { header: { 'if-match': etag } },
      });
      if (result.response.status === 412)
        throw new PolicyConflict(versionOf(result.response.headers.get('etag')));
      const saved = unwrap(result);
      return { document: saved, etag: result.response.headers.get('etag') ?? '' };
    },
    onSuccess: (saved) => {
      client.setQueryData(POLICY, saved);
      // A new version for the history, and lowering enforcement raises a risk finding.
      void client.invalidateQueries({ queryKey: VERSIONS });
      void client.invalidateQueries({ queryKey: ['risk-findings'] });
    },
  });
}

/** Reads the policy and its history again: what "Reload the policy" does after a conflict. */
export function useReloadPolicy() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.refetchQueries({ queryKey: POLICY, exact: true }),
      client.invalidateQueries({ queryKey: VERSIONS }),
    ]);
}

const VERSIONS_PAGE = 20;

export function usePolicyVersions() {
  return useInfiniteQuery({
    queryKey: VERSIONS,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/v1/policy/versions', {
          params: { query: { limit: VERSIONS_PAGE, ...(pageParam ? { before: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.versions),
  });
}

/** One version's whole document, to name the custom rules its changes refer to by position. */
export function usePolicyVersionDocument(version: number, enabled: boolean) {
  return useQuery({
    queryKey: ['policy-version', version],
    enabled: enabled && version >= 1,
    // A version never changes once written.
    staleTime: Infinity,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/policy/versions/{version}', { params: { path: { version } } })).document,
  });
}
