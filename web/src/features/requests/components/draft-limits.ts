import { requestDraftInput } from '@portal/contract/requests';
import { maxLengthOf } from '@/lib/form-schema';

/** The contract's lengths of a request's texts (requestDraftInput), as the fields' `maxLength`. */
export const DRAFT_MAX_LENGTH = {
  title: maxLengthOf(requestDraftInput.shape.title),
  description: maxLengthOf(requestDraftInput.shape.description),
  address: maxLengthOf(requestDraftInput.shape.address),
};
