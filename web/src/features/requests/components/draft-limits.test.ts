import { describe, expect, it } from 'vitest';
import { requestDraftInput } from '@portal/contract/requests';
import { DRAFT_MAX_LENGTH } from './draft-limits';

describe("a request's text fields", () => {
  it.each(['title', 'description', 'address'] as const)(
    'stop the %s at the length the contract takes',
    (field) => {
      const max = DRAFT_MAX_LENGTH[field];
      expect(max).toBeGreaterThan(0);
      const draft = (length: number) => ({ contractId: 1, requestTypeId: 1, [field]: 'x'.repeat(length) });
      expect(requestDraftInput.safeParse(draft(max!)).success).toBe(true);
      expect(requestDraftInput.safeParse(draft(max! + 1)).error?.issues.map((i) => i.path)).toEqual([
        [field],
      ]);
    },
  );
});
