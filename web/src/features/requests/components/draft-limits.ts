import { TEXT_LIMITS } from '@portal/contract/constants';

/**
 * The contract's lengths of a request's texts (requestDraftInput's), as the fields' `maxLength`:
 * numbers, so that the form paints without the schemas (and zod).
 */
export const DRAFT_MAX_LENGTH = {
  title: TEXT_LIMITS.requestTitle,
  description: TEXT_LIMITS.requestDescription,
  address: TEXT_LIMITS.requestAddress,
};
