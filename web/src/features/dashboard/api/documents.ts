/**
 * The document service (territorial-admin.md section 7): its address is the current contract's
 * `mayanUrl` metadata, else the configured default; the realm goes in the `idp` parameter.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Contract } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { runtimeConfig } from '@/config/runtime-config';
import { pageQuery } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { getRealm } from '@/lib/auth/storage';

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

/** The identity provider, when the service is told one, and the service's own address. */
const withIdp = <Q extends object>(service: DocumentService, query: Q): Q & { idp?: string } =>
  service.idp === null ? query : { ...query, idp: service.idp };

export const documentQueries = {
  last: (contractId: number, service: DocumentService, length = 10) =>
    endpointQuery(contractId, 'lastDocuments', {
      query: withIdp(service, { length }),
      baseURL: service.baseURL,
    }),
  count: (contractId: number, service: DocumentService) =>
    endpointQuery(contractId, 'documentCount', { query: withIdp(service, {}), baseURL: service.baseURL }),
  notifications: (contractId: number, service: DocumentService, currentPage: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'documentNotifications', {
        query: withIdp(service, pageQuery(currentPage, PAGING.notificationsPerPage)),
        baseURL: service.baseURL,
      }),
      select: ({ data, pagination }) => ({ items: data, pagination }),
      placeholderData: keepPreviousData,
    }),
};
