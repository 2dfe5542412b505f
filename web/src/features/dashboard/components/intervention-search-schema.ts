/**
 * The intervention search form's schema: the statuses as the checkboxes give them, the dates as
 * the date fields give them (empty for none), the address and the outcomes as two checkboxes.
 * Parsed with `formIssues` (lib/form-schema).
 */
import { z } from 'zod';
// The address takes the contract's listInterventions limit through its constant: the endpoint
// table itself would add the whole contract package to the map route's download.
import { TEXT_MAX_LENGTH } from '@portal/contract/constants';

/** The most characters of the address filter, as the contract's listInterventions query takes it. */
export const ADDRESS_MAX_LENGTH = TEXT_MAX_LENGTH;

const day = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/);

export const interventionSearchSchema = z
  .object({
    status: z.array(z.enum(['Enc', 'Pla', 'Rea'])),
    startDate: day,
    endDate: day,
    address: z.string().trim().max(ADDRESS_MAX_LENGTH),
    waterSupplyStopped: z.boolean(),
    streetClosed: z.boolean(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    path: ['endDate'],
    message: 'bad-range',
  });
