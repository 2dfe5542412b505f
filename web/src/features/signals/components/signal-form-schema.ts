/**
 * The new-signal form's schema: the contract's fields and limits (signalInput), with the category
 * as the select's text and a location that may be missing until it is chosen. Parsed with
 * `formIssues` (lib/form-schema): 'required', 'too_long', and 'location' for a missing location.
 */
import { z } from 'zod';
import { signalInput } from '@portal/contract/signals';

/** Where the signal is: the contract's coordinates, none until picked on the map or typed. */
export const signalLocationSchema = signalInput.shape.location
  .nullable()
  .refine((v) => v !== null, 'location');

export const signalFormSchema = signalInput.pick({ description: true }).extend({
  categoryId: z.coerce.number<string>().int().positive('required'),
  // the field always holds a text: the contract's rule, without its default
  address: signalInput.shape.address.unwrap(),
  location: signalLocationSchema,
});
