import { queryOptions } from '@tanstack/react-query';
import { callData } from '@/lib/api-client';
import { contractKey } from './keys';

export const contractQueries = {
  detail: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'detail'],
      queryFn: ({ signal }) => callData('getContract', { params: { contractId }, signal }),
    }),
};
