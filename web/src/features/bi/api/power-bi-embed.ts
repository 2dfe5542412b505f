/** GET /api/power-bi/embed: the embed information of the contract's configured Power BI (or trends) report. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { powerBiEmbed } from '@portal/contract';
import { endpointQuery } from '@/lib/endpoint-query';
import { refreshDelay } from '../components/embed-token';

export type PowerBiEmbed = z.infer<typeof powerBiEmbed>;
export type PowerBiService = 'POWER_BI' | 'REPORT_TRENDS';

export const powerBiQueries = {
  embed: (contractId: number, service: PowerBiService) =>
    queryOptions({
      ...endpointQuery(contractId, 'powerBiEmbed', { query: { contract: contractId, service } }),
      // the embed token expires: ask again rather than reuse an old one, and a few minutes before
      // the one in use ends (the report is handed the new one)
      staleTime: 0,
      gcTime: 0,
      refetchInterval: (query) => (query.state.data ? refreshDelay(query.state.data.expiresAt) : false),
      refetchIntervalInBackground: true,
    }),
};
