import { StatusBadge } from '@/components/ui/status-badge';
import type { RequestStatus } from '../api/requests';

const VARIANT: Record<RequestStatus, string> = {
  DRAFT: 'secondary',
  SUBMITTED: 'primary',
  IN_PROGRESS: 'warning',
  DONE: 'success',
  REJECTED: 'danger',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <StatusBadge status={status} variants={VARIANT} i18nPrefix="requests.status" />;
}
