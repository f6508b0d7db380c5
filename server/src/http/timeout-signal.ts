// A signal that aborts when its parent does or after `ms`, whichever comes first.
//
// Not AbortSignal.any([parent, AbortSignal.timeout(ms)]): the combined signal holds its sources weakly, and
// on Node 20 a timeout signal that nothing else references can be garbage-collected before it fires; the
// request it was to bound then waits for undici's own timeouts (5 minutes) instead. Seen in the full test
// run: a feed read meant to give up after 1 s took 301 s. A timer, held by the timers list until it fires
// or is cleared, cannot be lost.
export interface TimeoutSignal {
  signal: AbortSignal;
  /** Stops the timer and lets go of the parent: call it when the bounded work is over. */
  clear(): void;
}

export function timeoutSignal(parent: AbortSignal, ms: number): TimeoutSignal {
  const controller = new AbortController();
  const onParent = () => {
    clearTimeout(timer);
    controller.abort(parent.reason);
  };
  const timer = setTimeout(() => {
    parent.removeEventListener('abort', onParent);
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  // As AbortSignal.timeout's: a pending deadline alone does not keep the process alive.
  timer.unref();
  if (parent.aborted) onParent();
  else parent.addEventListener('abort', onParent, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}
