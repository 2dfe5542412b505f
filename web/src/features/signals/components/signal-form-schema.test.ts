import { describe, expect, it } from 'vitest';
import { signalInput } from '@portal/contract/signals';
import { formIssues, maxLengthOf } from '@/lib/form-schema';
import { signalFormSchema } from './signal-form-schema';

interface Location {
  lat: number;
  lng: number;
}

const valid: { categoryId: string; description: string; address: string; location: Location | null } = {
  categoryId: '3',
  description: 'Nid-de-poule',
  address: '',
  location: { lat: 47.32, lng: 5.04 },
};
const messages = (values: Partial<typeof valid>) =>
  (signalFormSchema.safeParse({ ...valid, ...values }, { error: formIssues }).error?.issues ?? []).map(
    (issue) => [issue.path.join('.'), issue.message],
  );

describe('the new signal form schema', () => {
  it.each(['description', 'address'] as const)(
    "takes the contract's length of the %s, and says a longer one is too long",
    (field) => {
      const max = maxLengthOf(signalInput.shape[field]);
      expect(max).toBeGreaterThan(0);
      expect(messages({ [field]: 'x'.repeat(max!) })).toEqual([]);
      expect(messages({ [field]: 'x'.repeat(max! + 1) })).toEqual([[field, 'too_long']]);
    },
  );

  it('asks for a category, a description and a location', () => {
    expect(messages({ categoryId: '', description: '  ', location: null })).toEqual([
      ['description', 'required'],
      ['categoryId', 'required'],
      ['location', 'location'],
    ]);
  });

  it("keeps the coordinates within the contract's bounds", () => {
    expect(messages({ location: { lat: 90, lng: -180 } })).toEqual([]);
    expect(messages({ location: { lat: 90.5, lng: 0 } }).map(([path]) => path)).toEqual(['location.lat']);
  });
});
