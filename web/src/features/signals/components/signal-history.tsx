import type { Signal } from '@portal/contract';
import { StatusHistory } from '@/components/status-change/status-history';
import { SignalStatusBadge } from './signal-status-badge';

/** The status changes of a signal, oldest first. */
export function SignalHistory({ history }: { history: Signal['history'] }) {
  return (
    <StatusHistory
      feature="signals"
      history={history}
      badge={(status) => <SignalStatusBadge status={status} />}
    />
  );
}
