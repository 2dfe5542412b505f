/**
 * The document service (territorial-admin.md section 7): its address is the current contract's
 * `mayanUrl` metadata, else the configured default; the realm goes in the `idp` parameter.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Contract } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { runtimeConfig } from '@/config/runtime-config';
import { call, callData, pageQuery } from '@/lib/api-client';
import { getRealm } from '@/lib/auth/storage';
import { contractKey } from '@/lib/query-keys';

export interface DocumentService {
  baseURL: string;
  /** the realm; null when none is known (the `idp` parameter is then left out, never sent empty) */
  idp: string | null;
}

const nonBlank = (value: string | null | undefined): string | null =>
  value && value.trim() ? value.trim() : null;

/** Where the document calls go: the contract's mayanUrl, else the runtime default; idp = the realm. */
export function documentService(contract: Contract | null): DocumentService {
  const baseURL = (
    nonBlank(contract?.contractMetadatas.mayanUrl) ?? runtimeConfig().documentServiceUrl
  ).replace(/\/+$/, '');
  // the realm saved at sign-in; a session opened with a stored token falls back on the contract's realm
  const idp = nonBlank(getRealm()) ?? nonBlank(contract?.contractMetadatas.realm);
  return { baseURL, idp };
}

/** The document service's own address, and the identity provider when the service is told one. */
const on = (service: DocumentService) => ({ errors: 'local' as const, baseURL: service.baseURL });
const withIdp = <Q extends object>(service: DocumentService, query: Q): Q & { idp?: string } =>
  service.idp === null ? query : { ...query, idp: service.idp };

export const documentQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'dashboard', 'documents'] as const,
  last: (contractId: number, service: DocumentService, length = 10) =>
    queryOptions({
      queryKey: [...documentQueries.all(contractId), 'last', service, length],
      queryFn: ({ signal }) =>
        callData('lastDocuments', { query: withIdp(service, { length }), signal }, on(service)),
    }),
  count: (contractId: number, service: DocumentService) =>
    queryOptions({
      queryKey: [...documentQueries.all(contractId), 'count', service],
      queryFn: ({ signal }) =>
        callData('documentCount', { query: withIdp(service, {}), signal }, on(service)),
    }),
  notifications: (contractId: number, service: DocumentService, currentPage: number) =>
    queryOptions({
      queryKey: [...documentQueries.all(contractId), 'notifications', service, currentPage],
      queryFn: async ({ signal }) => {
        const { data, pagination } = await call(
          'documentNotifications',
          { query: withIdp(service, pageQuery(currentPage, PAGING.notificationsPerPage)), signal },
          on(service),
        );
        return { items: data, pagination };
      },
      placeholderData: keepPreviousData,
    }),
};
