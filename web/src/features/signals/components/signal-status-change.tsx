import { useQueryClient } from '@tanstack/react-query';
import type { Signal } from '@portal/contract';
import { StatusChange } from '@/components/status-change/status-change';
import { changeSignalStatus, invalidateSignals, SIGNAL_STATUSES, signalQueries } from '../api/signals';

/**
 * A signal operator's actions on a signal: a move to any other status, with a comment kept in its
 * history; rejecting asks for confirmation and a reason.
 */
export function SignalStatusChange({ contractId, signal }: { contractId: number; signal: Signal }) {
  const client = useQueryClient();
  return (
    <StatusChange
      feature="signals"
      status={signal.status}
      moves={SIGNAL_STATUSES.filter((status) => status !== signal.status)}
      save={async (change) => {
        const saved = await changeSignalStatus(signal.id, change);
        client.setQueryData(signalQueries.detail(contractId, signal.id).queryKey, saved);
        await invalidateSignals(client, contractId);
        return saved;
      }}
    />
  );
}
