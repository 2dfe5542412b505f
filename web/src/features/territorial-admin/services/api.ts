import { queryOptions } from '@tanstack/react-query';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery, type CallQuery } from '@/lib/api-client';
import { paging, type ListQuery } from '../shared/list-query';
import { derivedQuery, endpointQuery, listingQuery } from '@/lib/endpoint-query';

const all = pageQuery(1, PAGING.allItems);

/** The contract's services, optionally limited to skill sets (category ids). */
const contractServices = (contractId: number, categories?: number[]) =>
  endpointQuery(contractId, 'listContractServices', {
    params: { contractId },
    query: { ...all, category: categories?.length ? categories : null },
  });

export async function createContractServices(contractId: number, serviceIds: number[]) {
  return callData(
    'createContractServices',
    { params: { contractId }, body: { serviceIds } },
    { errors: 'local' },
  );
}

/**
 * The services an organization may be given (territorial-admin.md section 5): the contract's
 * services of the organization's skill sets and those of no skill set (transversal). Two calls,
 * so that a backend reading `noCategory` as "only those" and one reading it as "those too" agree.
 */
async function servicesForSkillSets(contractId: number, categories: number[], signal: AbortSignal) {
  const read = async (query: CallQuery<'listContractServices'>) =>
    callData('listContractServices', { params: { contractId }, query, signal }, { errors: 'local' });
  if (categories.length === 0) return read({ ...all, category: null });
  const [ofSkillSets, transversal] = await Promise.all([
    read({ ...all, category: categories }),
    read({ ...all, noCategory: true }),
  ]);
  const seen = new Set(ofSkillSets.map((cs) => cs.contractServiceId));
  return [...ofSkillSets, ...transversal.filter((cs) => !seen.has(cs.contractServiceId))];
}

export const serviceQueries = {
  /** the service catalogue */
  catalogue: (contractId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'listServices', { query: all }),
      select: (page) => page.data,
    }),
  contractServices: (contractId: number, categories?: number[]) =>
    queryOptions({ ...contractServices(contractId, categories), select: (page) => page.data }),
  /** the organization's offer: its skill sets' services and the transversal ones */
  forSkillSets: (contractId: number, categories: number[]) =>
    derivedQuery(contractId, 'services-for-skill-sets', ['listContractServices'], categories, (signal) =>
      servicesForSkillSets(contractId, categories, signal),
    ),
  /** skill sets: the top-level categories (noParent), searched by the server when `query` is given */
  categories: (contractId: number, query = '') =>
    listingQuery(contractId, 'listCategories', {
      query: { noParent: true, ...(query ? { query } : {}) },
    }),
  list: (contractId: number, q: ListQuery) =>
    listingQuery(contractId, 'listContractServices', {
      params: { contractId },
      query: { ...paging(q), serviceLabel: q.search },
    }),
};

export const deleteContractService = (contractServiceId: number) =>
  call('deleteContractService', { params: { contractServiceId } }, { errors: 'local' });
