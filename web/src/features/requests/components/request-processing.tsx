import { useQueryClient } from '@tanstack/react-query';
import type { ServiceRequest } from '@portal/contract';
import { REQUEST_TRANSITIONS } from '@portal/contract/statuses';
import { StatusChange } from '@/components/status-change/status-change';
import { changeRequestStatus, invalidateRequests, requestQueries } from '../api/requests';

/**
 * A request operator's actions on a request: one button per move its status allows (contract
 * REQUEST_TRANSITIONS), none once it is final; rejecting asks for confirmation and a reason.
 */
export function RequestProcessing({ contractId, request }: { contractId: number; request: ServiceRequest }) {
  const client = useQueryClient();
  return (
    <StatusChange
      feature="requests"
      status={request.status}
      moves={REQUEST_TRANSITIONS[request.status]}
      save={async (change) => {
        const saved = await changeRequestStatus(request.id, change);
        client.setQueryData(requestQueries.detail(contractId, request.id).queryKey, saved);
        await invalidateRequests(client, contractId);
        return saved;
      }}
    />
  );
}
