// What a refused write means, the same on both engines: two requests that both passed a check (a name
// or an e-mail address not taken yet) race, and the unique index refuses the second.
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** For a transaction's catch: a unique violation becomes `error()` (a 409 that says what clashed). */
export function onUniqueViolation(error: () => Error) {
  return (err: unknown): never => {
    throw isUniqueViolation(err) ? error() : err;
  };
}
