// Holds the targets that are not being measured still (SIGSTOP) and lets them go again (SIGCONT).
// An idle Node process is not quiet: some seconds after its load stops, V8's memory reducer runs a full
// garbage collection, with helper threads, and on two cores that takes CPU from whichever target is being
// measured at that moment. Found as 25–35 ms stalls that came and went with the order of the rounds and
// disappeared when only one proxy was running. Frozen, the others cost nothing; the mock is never frozen.
export interface Freezable {
  pid: number;
}

/** Stops every process in `others`; the returned function continues them (call it in a finally). */
export function freeze(others: Freezable[]): () => void {
  const stopped: number[] = [];
  for (const { pid } of others) {
    try {
      process.kill(pid, 'SIGSTOP');
      stopped.push(pid);
    } catch {
      // Already gone: nothing to hold.
    }
  }
  return () => {
    for (const pid of stopped) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone meanwhile.
      }
    }
  };
}
