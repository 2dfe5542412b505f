import type { z } from 'zod';

/** A failure with an HTTP status, thrown by store operations and middleware; the error handler answers it. */
export interface FieldError {
  path: string;
  message: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const notFound = (what: string, id?: number | string): ApiFailure =>
  new ApiFailure(404, id === undefined ? `${what} not found` : `${what} ${id} not found`);
export const badRequest = (message: string, errors?: FieldError[]): ApiFailure =>
  new ApiFailure(400, message, errors);
/** A 400 naming one field. */
export const invalidField = (path: string, message: string): ApiFailure =>
  new ApiFailure(400, `Invalid request body: ${path}: ${message}`, [{ path, message }]);
export const forbidden = (message = 'You do not have the right to do this'): ApiFailure =>
  new ApiFailure(403, message);
export const conflict = (message: string): ApiFailure => new ApiFailure(409, message);

/** The issues of a zod failure as field errors, their paths under `prefix` when given. */
export function issuesOf(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.'),
    message: issue.message,
  }));
}

/** A 400 for a zod failure: `<what>: <first field>: <its message> (and N more)`, every issue in errors. */
export function invalidInput(what: string, error: z.ZodError, prefix = ''): ApiFailure {
  const errors = issuesOf(error, prefix);
  const first = errors[0];
  if (!first) return new ApiFailure(400, `${what}: invalid`, [{ path: prefix, message: 'invalid' }]);
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new ApiFailure(
    400,
    `${what}: ${first.path ? `${first.path}: ` : ''}${first.message}${more}`,
    errors,
  );
}
