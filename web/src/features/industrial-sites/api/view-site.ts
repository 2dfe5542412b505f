/**
 * The calls behind /mon-site (contract/src/endpoints/sites.ts): the signed-in user's site, its
 * indicator values and the indicator sources, and the photos' images. Query keys start with the contract.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { IndustrialSite, aggregateType, indicatorSource, indicatorValue } from '@portal/contract';
import { siteCallData } from './site-call';
import { contractKey } from '@/lib/query-keys';
import { readInPlace } from '@/lib/read-in-place';

export type AggregateType = z.infer<typeof aggregateType>;
export type IndicatorValue = z.infer<typeof indicatorValue>;
export type IndicatorSource = z.infer<typeof indicatorSource>;
export const AGGREGATE_TYPES: readonly AggregateType[] = ['HOUR', 'DAY', 'WEEK', 'MONTH'];

export interface IndicatorQuery {
  /** empty: every indicator of the site */
  typeCodes: string[];
  aggregateType: AggregateType;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
}

async function getMySite(contractId: number, signal?: AbortSignal): Promise<IndustrialSite> {
  return readInPlace(() => siteCallData('mySite', { query: { contractId }, signal }, { errors: 'local' }));
}

async function getIndicatorSources(signal?: AbortSignal): Promise<IndicatorSource[]> {
  return readInPlace(() => siteCallData('listIndicatorSources', { signal }, { errors: 'local' }));
}

/** A too-wide range answers 400 with a message: the chart panel shows it in place. */
async function getIndicatorValues(
  siteId: number,
  query: IndicatorQuery,
  signal?: AbortSignal,
): Promise<IndicatorValue[]> {
  return siteCallData(
    'siteIndicatorValues',
    {
      params: { siteId },
      query: {
        typeCodes: query.typeCodes.length ? query.typeCodes : undefined,
        aggregateType: query.aggregateType,
        startDate: query.startDate,
        endDate: query.endDate,
      },
      signal,
    },
    { errors: 'local' },
  );
}

async function getSitePhoto(photoId: number, signal?: AbortSignal): Promise<Blob> {
  return siteCallData('sitePhotoBinary', { params: { photoId }, signal }, { errors: 'local' });
}

export const siteViewQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'industrial-sites'] as const,
  mine: (contractId: number) =>
    queryOptions({
      queryKey: [...siteViewQueries.all(contractId), 'mine'],
      queryFn: ({ signal }) => getMySite(contractId, signal),
    }),
  sources: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'indicator-sources'],
      queryFn: ({ signal }) => getIndicatorSources(signal),
      staleTime: 10 * 60_000,
    }),
  indicators: (contractId: number, siteId: number, query: IndicatorQuery) =>
    queryOptions({
      queryKey: [...siteViewQueries.all(contractId), siteId, 'indicator-values', query],
      queryFn: ({ signal }) => getIndicatorValues(siteId, query, signal),
      placeholderData: keepPreviousData,
    }),
  photo: (contractId: number, photoId: number) =>
    queryOptions({
      queryKey: [...siteViewQueries.all(contractId), 'photos', photoId],
      queryFn: ({ signal }) => getSitePhoto(photoId, signal),
      staleTime: Infinity,
    }),
};
