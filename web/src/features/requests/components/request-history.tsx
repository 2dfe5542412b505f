import type { ServiceRequest } from '@portal/contract';
import { StatusHistory } from '@/components/status-change/status-history';
import { RequestStatusBadge } from './request-status-badge';

/** The operators' status changes of a request, oldest first. */
export function RequestHistory({ history }: { history: ServiceRequest['history'] }) {
  return (
    <StatusHistory
      feature="requests"
      history={history}
      badge={(status) => <RequestStatusBadge status={status} />}
    />
  );
}
