/**
 * Forms derive their zod schemas from the contract's (`pick`, `extend`, `superRefine`), so that a
 * limit or a rule is written once for the portal, the mock server and the CLI. The contract's
 * schemas leave most issues without a message (the mock names them in English); a form parses
 * with `formIssues`, which gives those issues the form's error keys, translated by each form:
 * 'required' for an empty text, 'too_long' for a text over its maximum. A message the schema sets
 * itself (the contract's `label` says 'required') wins over the map, as zod does.
 */
import type { z } from 'zod';

export type FormIssueKey = 'required' | 'too_long';

/** The error map forms parse with: `zodResolver(schema, { error: formIssues })`. */
export const formIssues = (issue: z.core.$ZodRawIssue): FormIssueKey | undefined => {
  if (issue.code === 'too_big' && issue.origin === 'string') return 'too_long';
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1)
    return 'required';
  return undefined;
};

/** The most characters a contract's text field takes (through `.default()`/`.optional()`), for `maxLength`. */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let current: unknown = schema;
  while (current && typeof current === 'object') {
    if ('maxLength' in current && typeof current.maxLength === 'number') return current.maxLength;
    if (!('unwrap' in current) || typeof current.unwrap !== 'function') return undefined;
    current = (current.unwrap as () => unknown).call(current);
  }
  return undefined;
}
