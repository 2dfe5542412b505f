/**
 * The one message format of contract conformance, shared by the mock's live validation and
 * `portal contract-check`: `<part> <where>: <what differs>`, the part one of `request path`,
 * `request query`, `request body`, `answer status`, `answer header`, `answer body`, `answer paging`,
 * such as `request query typeCodes: sent comma-joined (typeCodes=a,b); the contract declares
 * typeCodes[] repeated` or `answer body [0].id: Invalid input: expected number, received string`.
 */

/** The part of a call a problem is about. */
export type ProblemPart =
  | 'request path'
  | 'request query'
  | 'request body'
  | 'answer status'
  | 'answer header'
  | 'answer body'
  | 'answer paging';

/** Problems kept per call; the others are counted, so that a huge answer costs bounded memory. */
export const PROBLEMS_KEPT = 50;

/** A bounded list of problems: the first `limit` kept as lines, the rest counted. */
export class Problems {
  readonly lines: string[] = [];
  /** problems found past the limit */
  more = 0;
  /** what was left unchecked once the limit was reached (`items 51 to 150000`) */
  unchecked: string | null = null;

  constructor(readonly limit = PROBLEMS_KEPT) {}

  add(part: ProblemPart, where: string, what: string): void {
    if (this.lines.length < this.limit) this.lines.push(`${part}${where ? ` ${where}` : ''}: ${what}`);
    else this.more++;
  }

  get count(): number {
    return this.lines.length + this.more;
  }

  /** Past the limit: no more lines are kept, a walk may stop looking for details. */
  get full(): boolean {
    return this.lines.length >= this.limit;
  }

  /** The lines, the count of the others last (`(and 12 more; answer body items 51 to 150000 not checked)`). */
  list(shown = this.limit): string[] {
    const hidden = this.count - Math.min(shown, this.lines.length);
    const kept = this.lines.slice(0, shown);
    const rest = [
      hidden > 0 ? `and ${hidden} more` : '',
      this.unchecked ? `${this.unchecked} not checked` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return rest ? [...kept, `(${rest})`] : kept;
  }
}

/** "[0].contractMetadatas.logo" from a zod issue path; '' for the root. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, index) => (typeof p === 'number' ? `[${p}]` : index === 0 ? String(p) : `.${String(p)}`))
    .join('');
}
