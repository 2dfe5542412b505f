import { describe, expect, it } from 'vitest';
import { contractCreate } from '@portal/contract/session';
import { formIssues, maxLengthOf } from '@/lib/form-schema';
import { contractFormSchema, type ContractFormValues } from './contract-form-schema';

const valid: ContractFormValues = {
  label: 'Métropole',
  status: 'TO_FINALIZE',
  country: 'FR',
  theme: 'default',
  primaryColor: '',
  secondaryColor: '',
  realm: '',
  contractUrl: '',
};
const messages = (values: Partial<Record<keyof ContractFormValues, string>>) =>
  (contractFormSchema.safeParse({ ...valid, ...values }, { error: formIssues }).error?.issues ?? []).map(
    (issue) => [issue.path.join('.'), issue.message],
  );
const metadata = contractCreate.shape.contractMetadatas.unwrap().shape;

describe('the new contract form schema', () => {
  it.each([
    ['label', contractCreate.shape.label],
    ['realm', metadata.realm],
    ['contractUrl', metadata.contractUrl],
  ] as const)("takes the contract's length of the %s, and says a longer one is too long", (field, rule) => {
    const max = maxLengthOf(rule);
    expect(max).toBeGreaterThan(0);
    expect(messages({ [field]: 'x'.repeat(max!) })).toEqual([]);
    expect(messages({ [field]: 'x'.repeat(max! + 1) })).toEqual([[field, 'too_long']]);
  });

  it('says the label is required and a colour is not one', () => {
    expect(messages({ label: ' ', primaryColor: 'rouge', secondaryColor: '#f0f0f0' })).toEqual([
      ['label', 'required'],
      ['primaryColor', 'colour'],
    ]);
  });

  it('offers a new contract only the statuses it may start with', () => {
    expect(messages({ status: 'ARCHIVED' }).map(([path]) => path)).toEqual(['status']);
  });
});
