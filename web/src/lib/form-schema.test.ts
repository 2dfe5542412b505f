import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formIssues, maxLengthOf } from './form-schema';

describe('form schemas from the contract', () => {
  it("give the contract's unnamed issues the form's keys, and leave a schema's own message", () => {
    const schema = z.object({
      title: z.string().trim().min(1).max(5),
      label: z.string().min(1, 'named').max(5, 'named too'),
      count: z.number().max(3),
    });
    const issues = schema.safeParse({ title: 'abcdef', label: 'abcdef', count: 4 }, { error: formIssues })
      .error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'too_long'],
      ['label', 'named too'],
      ['count', expect.not.stringMatching(/^(too_long|required)$/)],
    ]);
    const empty = schema.safeParse({ title: '  ', label: 'a', count: 1 }, { error: formIssues }).error
      ?.issues;
    expect(empty?.map((i) => i.message)).toEqual(['required']);
  });

  it('read the maximum length of a text through its default, optional and nullable wrappers', () => {
    expect(maxLengthOf(z.string().max(12))).toBe(12);
    expect(maxLengthOf(z.string().trim().max(500).default(''))).toBe(500);
    expect(maxLengthOf(z.string().max(7).nullable().optional())).toBe(7);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(3))).toBeUndefined();
  });
});
