import { describe, expect, it } from 'vitest';
import { getEndpoint } from '@portal/contract/endpoints';
import { formIssues, maxLengthOf } from '@/lib/form-schema';
import { interventionSearchSchema } from './intervention-search-schema';

const valid = {
  status: ['Enc'],
  startDate: '',
  endDate: '',
  address: '',
  waterSupplyStopped: false,
  streetClosed: false,
};
const messages = (values: Partial<typeof valid>) =>
  (
    interventionSearchSchema.safeParse({ ...valid, ...values }, { error: formIssues }).error?.issues ?? []
  ).map((issue) => [issue.path.join('.'), issue.message]);

describe('the intervention search schema', () => {
  it("takes the contract's length of the address, and says a longer one is too long", () => {
    const max = maxLengthOf(getEndpoint('listInterventions').query.shape.address);
    expect(max).toBeGreaterThan(0);
    expect(messages({ address: 'x'.repeat(max!) })).toEqual([]);
    expect(messages({ address: ` ${'x'.repeat(max!)} ` })).toEqual([]);
    expect(messages({ address: 'x'.repeat(max! + 1) })).toEqual([['address', 'too_long']]);
  });

  it('refuses an end before the start, and takes the same day', () => {
    expect(messages({ startDate: '2027-04-10', endDate: '2027-04-09' })).toEqual([['endDate', 'bad-range']]);
    expect(messages({ startDate: '2027-04-10', endDate: '2027-04-10' })).toEqual([]);
  });
});
