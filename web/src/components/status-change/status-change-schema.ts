import { z } from 'zod';
import { statusChangeComment } from '@portal/contract/common';

/** The contract's comment of a status change, with its length. */
export const statusChangeSchema = z.object({ comment: statusChangeComment });
