import { StatusBadge } from '@/components/ui/status-badge';
import type { WorkStatus } from '../api/works';

const STATUS_VARIANT: Record<WorkStatus, string> = {
  PLANNED: 'primary',
  IN_PROGRESS: 'warning',
  SUSPENDED: 'secondary',
  DONE: 'success',
  CANCELLED: 'danger',
};

export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  return <StatusBadge status={status} variants={STATUS_VARIANT} i18nPrefix="works.status_single" />;
}
