// The one-time tokens of the setup link and of invitation links ride in the link's fragment
// (`#token=…`), which the browser never sends to a server or puts in a Referer. Each is taken out of
// the address bar (and so out of the history) as soon as it is read. The last one read is kept per
// page: React renders a page twice in development, and the second render must find what the first took.
const taken = new Map<string, string | null>();

export function takeLinkToken(): string | null {
  const page = window.location.pathname;
  const fresh = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fresh !== null || !taken.has(page)) taken.set(page, fresh);
  if (window.location.hash) history.replaceState(history.state, '', page + window.location.search);
  return taken.get(page)!;
}

/** Calls `onToken` when another link is opened in the same tab (only the fragment changes, no reload). */
export function onLinkTokenChange(onToken: (token: string | null) => void): () => void {
  const listener = () => {
    if (new URLSearchParams(window.location.hash.slice(1)).has('token')) onToken(takeLinkToken());
  };
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}
