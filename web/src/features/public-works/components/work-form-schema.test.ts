import { describe, expect, it } from 'vitest';
import { publicWorkFields } from '@portal/contract/works';
import { formIssues, maxLengthOf } from '@/lib/form-schema';
import { workFormSchema } from './work-form-schema';

const valid = {
  organizationId: '2',
  title: 'Reprise de trottoir',
  address: '',
  description: '',
  currentStatus: 'PLANNED',
  startDate: '2027-04-10',
  endDate: '2027-04-10',
  zoneText: '',
};
const parse = (values: Partial<typeof valid>) =>
  workFormSchema([]).safeParse({ ...valid, ...values }, { error: formIssues });
const messages = (values: Partial<typeof valid>) =>
  (parse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the public work form schema', () => {
  it.each(['title', 'address', 'description'] as const)(
    "takes the contract's length of the %s, and says a longer one is too long",
    (field) => {
      const max = maxLengthOf(publicWorkFields.shape[field]);
      expect(max).toBeGreaterThan(0);
      expect(messages({ [field]: 'x'.repeat(max!) })).toEqual([]);
      expect(messages({ [field]: 'x'.repeat(max! + 1) })).toEqual([[field, 'too_long']]);
    },
  );

  it("refuses an end before the start with the contract's rule, and takes the same day", () => {
    expect(messages({ startDate: '2027-04-10', endDate: '2027-04-09' })).toEqual([
      ['endDate', 'end_before_start'],
    ]);
    expect(parse({ startDate: '2027-04-10', endDate: '2027-04-10' }).success).toBe(true);
  });

  it('says which field is missing or not a real date', () => {
    expect(messages({ title: ' ', organizationId: '', startDate: '2027-02-30' })).toEqual([
      ['title', 'required'],
      ['organizationId', 'required'],
      ['startDate', 'invalid_date'],
    ]);
  });

  it('offers only the contract statuses', () => {
    expect(messages({ currentStatus: 'FINISHED' }).map(([path]) => path)).toEqual(['currentStatus']);
  });
});
