import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery } from '@/lib/api-client';
import { paging, type ListQuery } from '../shared/list-query';
import { contractKey } from '@/lib/query-keys';

const all = pageQuery(1, PAGING.allItems);

/** The service catalogue, the contract's services (list tab and pickers), and skill sets. */
async function listServiceCatalogue(signal?: AbortSignal) {
  return callData('listServices', { query: all, signal }, { errors: 'local' });
}

/** The contract's services, optionally limited to skill sets (category ids). */
async function listContractServices(contractId: number, categories?: number[], signal?: AbortSignal) {
  return callData(
    'listContractServices',
    { params: { contractId }, query: { ...all, category: categories?.length ? categories : null }, signal },
    { errors: 'local' },
  );
}

export async function createContractServices(contractId: number, serviceIds: number[]) {
  return callData(
    'createContractServices',
    { params: { contractId }, body: { serviceIds } },
    { errors: 'local' },
  );
}

/** Skill sets: the top-level categories (noParent), searched by the server when `query` is given. */
async function listCategories(query: string, signal?: AbortSignal) {
  return callData(
    'listCategories',
    { query: { noParent: true, ...(query ? { query } : {}) }, signal },
    { errors: 'local' },
  );
}

/**
 * The services an organization may be given (territorial-admin.md section 5): the contract's
 * services of the organization's skill sets and those of no skill set (transversal). Two calls,
 * so that a backend reading `noCategory` as "only those" and one reading it as "those too" agree.
 */
async function servicesForSkillSets(contractId: number, categories: number[], signal?: AbortSignal) {
  if (categories.length === 0) return listContractServices(contractId, undefined, signal);
  const [ofSkillSets, transversal] = await Promise.all([
    listContractServices(contractId, categories, signal),
    callData(
      'listContractServices',
      { params: { contractId }, query: { ...all, noCategory: true }, signal },
      { errors: 'local' },
    ),
  ]);
  const seen = new Set(ofSkillSets.map((cs) => cs.contractServiceId));
  return [...ofSkillSets, ...transversal.filter((cs) => !seen.has(cs.contractServiceId))];
}

export const serviceQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'services'] as const,
  catalogue: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'service-catalogue'],
      queryFn: ({ signal }) => listServiceCatalogue(signal),
    }),
  contractServices: (contractId: number, categories?: number[]) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'contract-services', 'all', categories ?? []],
      queryFn: ({ signal }) => listContractServices(contractId, categories, signal),
    }),
  /** the organization's offer: its skill sets' services and the transversal ones */
  forSkillSets: (contractId: number, categories: number[]) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'contract-services', 'for-skill-sets', categories],
      queryFn: ({ signal }) => servicesForSkillSets(contractId, categories, signal),
    }),
  categories: (contractId: number, query = '') =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'categories', query],
      queryFn: ({ signal }) => listCategories(query, signal),
      placeholderData: keepPreviousData,
    }),
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...serviceQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        call(
          'listContractServices',
          { params: { contractId }, query: { ...paging(q), serviceLabel: q.search }, signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteContractService = (contractServiceId: number) =>
  call('deleteContractService', { params: { contractServiceId } }, { errors: 'local' });
