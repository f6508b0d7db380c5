// The policy page's one draft (issue 19: one saving model per page). Every control stages its change
// here and nothing is sent until "Save version", which sends the whole draft as one new version.
//
// The draft is kept as the list of staged edits, not as a copy of the document: each edit is applied to
// the version in force, in the order the admin made them. So after a conflict, "Reload the policy"
// re-applies the admin's edits over the other writer's version by itself (a rule edited here and
// deleted there stays deleted, an action changed here stays changed), and the count and the review are
// always the difference from what is in force now. An edit has a key (what it sets, such as
// `detector:secrets:action`): a later edit of the same thing replaces the earlier one and moves to the
// end, so that what the admin did last wins.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PolicyDocument } from '../api/client';
import { diffPolicy, type PolicyChange } from '../../../shared/policy-diff.ts';
import { fieldError, type FieldError } from './field-errors';
import { useSavePolicy, type LoadedPolicy } from './policy-queries';

/** Changes the document it is given (a copy, made once for all the edits). */
export type Edit = (doc: PolicyDocument) => void;

interface PolicyDraft {
  loaded: LoadedPolicy;
  /** The version in force with every staged edit applied. */
  draft: PolicyDocument;
  /** What the draft changes, as the version history will say it. */
  changes: PolicyChange[];
  stage(key: string, edit: Edit): void;
  unstage(key: string): void;
  discard(): void;
  /** Sends the draft over the version loaded (If-Match); the staged edits go once it is saved. */
  saveAll(): void;
  save: ReturnType<typeof useSavePolicy>;
  /** The API's problem with one field of the last document sent, and that document, to place it. */
  problem: { error: FieldError; sent: PolicyDocument } | null;
}

const Draft = createContext<PolicyDraft | null>(null);

export function PolicyDraftProvider({ loaded, children }: { loaded: LoadedPolicy; children: ReactNode }) {
  const [edits, setEdits] = useState<Array<[string, Edit]>>([]);
  const save = useSavePolicy();

  const draft = useMemo(() => {
    const doc = structuredClone(loaded.document);
    for (const [, edit] of edits) edit(doc);
    return doc;
  }, [loaded.document, edits]);
  const changes = useMemo(() => diffPolicy(loaded.document, draft), [loaded.document, draft]);

  const stage = useCallback(
    (key: string, edit: Edit) => setEdits((list) => [...list.filter(([k]) => k !== key), [key, edit]]),
    [],
  );
  const unstage = useCallback((key: string) => setEdits((list) => list.filter(([k]) => k !== key)), []);
  const { reset, mutate } = save;
  const discard = useCallback(() => {
    setEdits([]);
    reset();
  }, [reset]);
  const saveAll = useCallback(
    () => mutate({ document: draft, etag: loaded.etag }, { onSuccess: () => setEdits([]) }),
    [mutate, draft, loaded.etag],
  );

  const error = fieldError(save.error);
  const sent = save.variables?.document;
  const problem = error && sent ? { error, sent } : null;

  const value = { loaded, draft, changes, stage, unstage, discard, saveAll, save, problem };
  return <Draft.Provider value={value}>{children}</Draft.Provider>;
}

export function usePolicyDraft(): PolicyDraft {
  const draft = useContext(Draft);
  if (!draft) throw new Error('usePolicyDraft outside PolicyDraftProvider');
  return draft;
}

/** Whether two parts of the documents differ, as the version history would see it (not by key order). */
export const differs = (a: unknown, b: unknown) => diffPolicy(a, b).length > 0;
