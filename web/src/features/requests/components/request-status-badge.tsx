import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../api/requests';

const VARIANT: Record<RequestStatus, string> = {
  DRAFT: 'secondary',
  SUBMITTED: 'primary',
  IN_PROGRESS: 'warning',
  DONE: 'success',
  REJECTED: 'danger',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge bg={VARIANT[status]} text={status === 'IN_PROGRESS' ? 'dark' : undefined}>
      {t(`requests.status.${status}`)}
    </Badge>
  );
}
