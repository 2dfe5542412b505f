/**
 * The calls behind /mon-site (contract/src/endpoints/sites.ts): the signed-in user's site, its
 * indicator values and the indicator sources, and the photos' images. Query keys start with the contract.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { aggregateType, indicatorValue } from '@portal/contract';
import { endpointQuery, listingQuery } from '@/lib/endpoint-query';
import { sitePhotoQuery } from './site-photo';

export type AggregateType = z.infer<typeof aggregateType>;
export type IndicatorValue = z.infer<typeof indicatorValue>;
export const AGGREGATE_TYPES: readonly AggregateType[] = ['HOUR', 'DAY', 'WEEK', 'MONTH'];

export interface IndicatorQuery {
  /** empty: every indicator of the site */
  typeCodes: string[];
  aggregateType: AggregateType;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
}

/** portal.md section 8: the industrial-site service's failures are logged and rethrown. */
const logged = { logAs: 'industrial-site' } as const;
const inPlace = { ...logged, failures: 'in-place' } as const;

export const siteViewQueries = {
  mine: (contractId: number) => endpointQuery(contractId, 'mySite', { query: { contractId } }, inPlace),
  sources: (contractId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'listIndicatorSources', {}, inPlace),
      staleTime: 10 * 60_000,
    }),
  /** a too-wide range answers 400 with a message: the chart panel shows it in place */
  indicators: (contractId: number, siteId: number, query: IndicatorQuery) =>
    listingQuery(
      contractId,
      'siteIndicatorValues',
      {
        params: { siteId },
        query: {
          typeCodes: query.typeCodes.length ? query.typeCodes : undefined,
          aggregateType: query.aggregateType,
          startDate: query.startDate,
          endDate: query.endDate,
        },
      },
      logged,
    ),
  /** the photo's image as an object URL (shared with the site's administration) */
  photo: sitePhotoQuery,
};
