import { z } from 'zod';
import { calendarCategoryInput, HEX_COLOR } from '@portal/contract/calendars';

/** The contract's category: its label's rules, its colour's pattern with the form's message. */
export const categoryFormSchema = calendarCategoryInput.pick({ label: true }).extend({
  color: z.string().regex(HEX_COLOR, 'color'),
});
