/** Validates path, query and body against the endpoint's zod schemas: 400 { message, errors } on bad input. */
import type { z } from 'zod';
import type { EndpointDef } from '@portal/contract';
import { ApiFailure, type FieldError } from '../store/errors.ts';

export function issuesOf(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.'),
    message: issue.message,
  }));
}

export interface Validated {
  params: unknown;
  query: unknown;
  body: unknown;
}

export function validateInput(
  def: EndpointDef,
  raw: { params: unknown; query: unknown; body: unknown },
): Validated {
  const params = def.params.safeParse(raw.params);
  if (!params.success) {
    throw new ApiFailure(400, `Invalid path parameter: ${summary(params.error)}`, issuesOf(params.error));
  }
  const query = def.query.safeParse(raw.query ?? {});
  if (!query.success) {
    throw new ApiFailure(400, `Invalid query parameter: ${summary(query.error)}`, issuesOf(query.error));
  }
  let body: unknown = undefined;
  if (def.body) {
    const parsed = def.body.safeParse(raw.body);
    if (!parsed.success) {
      throw new ApiFailure(400, `Invalid request body: ${summary(parsed.error)}`, issuesOf(parsed.error));
    }
    body = parsed.data;
  }
  return { params: params.data, query: query.data, body };
}

function summary(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const path = first.path.map(String).join('.');
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${path ? `${path}: ` : ''}${first.message}${more}`;
}
