/** Exit codes of every command: 0 success, 1 failure, 2 misuse. */
export const EXIT = { ok: 0, failure: 1, misuse: 2 } as const;

/** A failure the user should read: printed as `error: message` plus hints, then exit with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    readonly hints: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad arguments or options: exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hints: readonly string[] = []) {
    super(message, EXIT.misuse, hints);
    this.name = 'UsageError';
  }
}

/** The text of an unknown thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined;
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
