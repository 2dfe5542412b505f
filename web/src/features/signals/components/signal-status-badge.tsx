import Badge from 'react-bootstrap/Badge';
import { useTranslation } from '@/lib/i18n';
import type { SignalStatus } from '../api/signals';

const VARIANT: Record<SignalStatus, string> = {
  NEW: 'primary',
  IN_PROGRESS: 'warning',
  RESOLVED: 'success',
  REJECTED: 'secondary',
};

export function SignalStatusBadge({ status }: { status: SignalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge bg={VARIANT[status]} text={status === 'IN_PROGRESS' ? 'dark' : undefined}>
      {t(`signals.status.${status}`)}
    </Badge>
  );
}
