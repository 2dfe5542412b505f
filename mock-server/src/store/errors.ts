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
