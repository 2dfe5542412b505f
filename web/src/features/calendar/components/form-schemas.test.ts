import { describe, expect, it } from 'vitest';
import { calendarCategoryInput, calendarEventFields } from '@portal/contract/calendars';
import { formIssues, maxLengthOf } from '@/lib/form-schema';
import { categoryFormSchema } from './category-form-schema';
import { eventFormSchema } from './event-form-schema';
import type { EventFormValues } from './event-form';

const valid: EventFormValues = {
  title: 'Réunion de chantier',
  categoryId: '',
  startDate: '2027-04-10T09:00',
  endDate: '2027-04-10T10:00',
  description: '',
};
const messages = (values: Partial<EventFormValues>) =>
  (eventFormSchema.safeParse({ ...valid, ...values }, { error: formIssues }).error?.issues ?? []).map(
    (issue) => [issue.path.join('.'), issue.message] as const,
  );

describe('the calendar event form schema', () => {
  it.each(['title', 'description'] as const)(
    "takes the contract's length of the %s, and says a longer one is too long",
    (field) => {
      const max = maxLengthOf(calendarEventFields.shape[field]);
      expect(max).toBeGreaterThan(0);
      expect(messages({ [field]: 'x'.repeat(max!) })).toEqual([]);
      expect(messages({ [field]: 'x'.repeat(max! + 1) })).toEqual([[field, 'too_long']]);
    },
  );

  it("refuses an end before the start with the contract's rule, and takes an end at the start", () => {
    expect(messages({ endDate: '2027-04-10T08:59' })).toEqual([['endDate', 'bad_date_range']]);
    expect(messages({ endDate: '2027-04-10T09:00' })).toEqual([]);
  });

  it('asks for a title and both date-times (the first message of a field is the one shown)', () => {
    const first = new Map(messages({ title: ' ', startDate: '' }).reverse());
    expect(Object.fromEntries(first)).toEqual({ title: 'required', startDate: 'required' });
  });
});

describe('the calendar category form schema', () => {
  const category = (values: { label?: string; color?: string }) =>
    (
      categoryFormSchema.safeParse({ label: 'Voirie', color: '#1f6feb', ...values }, { error: formIssues })
        .error?.issues ?? []
    ).map((issue) => [issue.path.join('.'), issue.message] as const);

  it("takes the contract's length of the label and its colour pattern", () => {
    const max = maxLengthOf(calendarCategoryInput.shape.label)!;
    expect(category({ label: 'x'.repeat(max) })).toEqual([]);
    expect(category({ label: 'x'.repeat(max + 1) })).toEqual([['label', 'too_long']]);
    expect(category({ label: ' ', color: 'bleu' })).toEqual([
      ['label', 'required'],
      ['color', 'color'],
    ]);
  });
});
