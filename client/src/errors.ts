// Exit codes are part of the client's contract (docs/client.md): scripts branch on them, never on text.
export const EXIT = {
  ok: 0,
  /** Something failed that none of the codes below names (an unexpected answer, a file it cannot write). */
  failed: 1,
  /** The command line was wrong: unknown command, tool, option or a missing argument. */
  usage: 2,
  /** Not signed in, or the console no longer accepts this device's session: run `login`. */
  notSignedIn: 3,
  /** The console or the Gateway could not be reached (refused, DNS, TLS, timeout). */
  unreachable: 4,
  /** The sign-in did not complete: denied, the code expired, the account is offboarded. */
  signInRefused: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the person can act on: its message is printed as it is, without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
  }
}
