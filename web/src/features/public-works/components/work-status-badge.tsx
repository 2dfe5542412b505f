import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { WorkStatus } from '../api/works';

export const STATUS_VARIANT: Record<WorkStatus, string> = {
  PLANNED: 'primary',
  IN_PROGRESS: 'warning',
  SUSPENDED: 'secondary',
  DONE: 'success',
  CANCELLED: 'danger',
};

export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  const { t } = useTranslation();
  return (
    <Badge bg={STATUS_VARIANT[status]} text={status === 'IN_PROGRESS' ? 'dark' : undefined}>
      {t(`works.status.${status}`)}
    </Badge>
  );
}
