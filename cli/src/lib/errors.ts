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

/**
 * The text of an unknown thrown value, with its causes: fetch's "fetch failed" becomes
 * "fetch failed: connect ECONNREFUSED 127.0.0.1:3001 (ECONNREFUSED)".
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  let cause: unknown = (error as { cause?: unknown }).cause;
  for (let depth = 0; cause instanceof Error && depth < 4; depth++) {
    const inner =
      cause instanceof AggregateError && cause.errors[0] instanceof Error ? cause.errors[0] : cause;
    const code = 'code' in inner && inner.code ? String(inner.code) : undefined;
    const text = inner.message || code;
    if (text && !parts.includes(text)) parts.push(code && !text.includes(code) ? `${text} (${code})` : text);
    cause = (inner as { cause?: unknown }).cause;
  }
  return parts.join(': ');
}
