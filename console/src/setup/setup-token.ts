// The one-time setup token rides in the link's fragment, which the browser never sends to a server or
// puts in a Referer. It is read once and taken out of the address bar (and so out of the history).
let taken: string | null | undefined;

export function takeSetupToken(): string | null {
  if (taken === undefined) {
    taken = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (window.location.hash) history.replaceState(history.state, '', window.location.pathname);
  }
  return taken;
}
