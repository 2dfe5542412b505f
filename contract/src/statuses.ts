/**
 * The status enums of signals, requests and public works, and the moves a request operator may
 * make: plain data (no zod), so that the portal reads its filters' options and its actions from
 * the contract without loading the schemas. The schemas build their enums from these.
 */
export const SIGNAL_STATUSES = ['NEW', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'] as const;
export const REQUEST_STATUSES = ['DRAFT', 'SUBMITTED', 'IN_PROGRESS', 'DONE', 'REJECTED'] as const;
export const WORK_STATUSES = ['PLANNED', 'IN_PROGRESS', 'SUSPENDED', 'DONE', 'CANCELLED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * What a request operator may do from each status: a submitted request is taken in hand or
 * rejected, one in progress is done or rejected; a draft is its author's, done and rejected are final.
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  DRAFT: [],
  SUBMITTED: ['IN_PROGRESS', 'REJECTED'],
  IN_PROGRESS: ['DONE', 'REJECTED'],
  DONE: [],
  REJECTED: [],
};

/**
 * A rejection (of a signal or a request) tells its author why: its comment, the reason, must say
 * something. The mock refuses a rejection without one; the portal asks for it in a confirmation.
 */
export function rejectionHasReason(change: { status: string; comment?: string | undefined }): boolean {
  return change.status !== 'REJECTED' || (change.comment ?? '').trim() !== '';
}
