/**
 * The one way a 400 answer's field errors land on a form's fields (STYLE.md "Forms and wizards").
 * A server path `location.lat` lands on `location`; `rename` maps a server field onto the form's
 * own (`zone` onto `zoneText`); a field the form does not show is left out. The message set is the
 * server's, unless `message` says what the form shows instead. Answers how many fields it set.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

interface ServerFieldError {
  path: string;
  message: string;
}

export interface ApplyFieldErrorsOptions<T extends FieldValues> {
  rename?: Partial<Record<string, Path<T>>>;
  message?: (fieldError: ServerFieldError, field: Path<T>) => string;
}

export function applyFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly Path<T>[],
  options: ApplyFieldErrorsOptions<T> = {},
): number {
  if (!(error instanceof ApiError)) return 0;
  let applied = 0;
  for (const fieldError of error.fieldErrors) {
    const head = fieldError.path.split('.')[0] ?? '';
    const field = options.rename?.[head] ?? fields.find((name) => name === head);
    if (!field) continue;
    form.setError(field, {
      type: 'server',
      message: options.message ? options.message(fieldError, field) : fieldError.message,
    });
    applied += 1;
  }
  return applied;
}
