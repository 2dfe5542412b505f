import { z } from 'zod';
import { calendarEventFields, eventDatesInOrder } from '@portal/contract/calendars';
import { isRealIsoDate } from '@portal/contract/dates';

// the contract's date rule (a real calendar date and time), as the server checks it
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'required')
  .refine(isRealIsoDate, 'invalid_date');
/** The contract's fields and rules, with the category as the select's text and the local date-times of the fields. */
export const eventFormSchema = calendarEventFields
  .pick({ title: true })
  .extend({
    categoryId: z.string(),
    startDate: localDateTime,
    endDate: localDateTime,
    // the field always holds a text: the contract's rule, without its default
    description: calendarEventFields.shape.description.unwrap(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && !eventDatesInOrder(v))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'bad_date_range' });
  });
