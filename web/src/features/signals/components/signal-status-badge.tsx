import { StatusBadge } from '@/components/ui/status-badge';
import type { SignalStatus } from '../api/signals';

const VARIANT: Record<SignalStatus, string> = {
  NEW: 'primary',
  IN_PROGRESS: 'warning',
  RESOLVED: 'success',
  REJECTED: 'secondary',
};

export function SignalStatusBadge({ status }: { status: SignalStatus }) {
  return <StatusBadge status={status} variants={VARIANT} i18nPrefix="signals.status" />;
}
