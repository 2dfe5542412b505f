/**
 * The industrial-site service's calls: portal.md section 8 has its errors logged and rethrown,
 * so every call of this feature goes through these two (the api-client's call and callData).
 */
import type { EndpointId } from '@portal/contract';
import { call, callData, type ApiResponse, type CallRest, type CallResult } from '@/lib/api-client';
import { logAndRethrow } from '@/lib/log-and-rethrow';

export function siteCall<I extends EndpointId>(
  id: I,
  ...rest: CallRest<I>
): Promise<ApiResponse<CallResult<I>>> {
  return logAndRethrow('industrial-site', id, () => call(id, ...rest));
}

export function siteCallData<I extends EndpointId>(id: I, ...rest: CallRest<I>): Promise<CallResult<I>> {
  return logAndRethrow('industrial-site', id, () => callData(id, ...rest));
}
