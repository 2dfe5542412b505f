/** A report's draft: kept per user as typed, half-typed coordinates included, dropped when empty. */
import { afterEach, describe, expect, it } from 'vitest';
import { deleteDraft, draftOf, saveDraft } from './drafts';

afterEach(() => window.localStorage.clear());

describe('drafts', () => {
  it('keeps what is typed for its user only, a coordinate not typed yet as NaN', () => {
    saveDraft(1, {
      categoryId: '3',
      description: 'Trottoir',
      address: '',
      location: { lat: 47.3, lng: NaN },
    });
    const kept = draftOf(1);
    expect(kept).toMatchObject({ categoryId: '3', description: 'Trottoir' });
    expect(kept?.location?.lat).toBe(47.3);
    expect(kept?.location?.lng).toBeNaN();
    expect(draftOf(2)).toBeNull();
  });

  it('keeps nothing for an empty form, and forgets a deleted draft', () => {
    saveDraft(1, { categoryId: '', description: '  ', address: '', location: null });
    expect(draftOf(1)).toBeNull();
    saveDraft(1, { categoryId: '', description: 'x', address: '', location: null });
    deleteDraft(1);
    expect(draftOf(1)).toBeNull();
  });
});
