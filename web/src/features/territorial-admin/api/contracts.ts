import { queryOptions } from '@tanstack/react-query';
import type { Contract } from '@portal/contract';
import { request } from '@/lib/api-client';
import { contractKey } from './keys';

export const contractQueries = {
  detail: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'detail'],
      queryFn: async ({ signal }) =>
        (await request<Contract>({ url: `/api/contract/${contractId}`, signal })).data,
    }),
};
