/** Interventions (GET /api/interventions) and the intervention search defaults of territorial-admin.md section 3. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Intervention, INTERVENTION_STATUSES as CONTRACT_STATUSES } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { endpointQuery } from '@/lib/endpoint-query';

export type InterventionStatus = Intervention['status'];
/** The status codes of portal.md section 4 (INTERVENTION_STATUSES of the contract, kept here type-checked: the contract's root module is not loaded at run time). */
export const INTERVENTION_STATUSES = {
  ongoing: 'Enc',
  planned: 'Pla',
  done: 'Rea',
} as const satisfies typeof CONTRACT_STATUSES;
export const STATUS_CODES: readonly InterventionStatus[] = [
  INTERVENTION_STATUSES.ongoing,
  INTERVENTION_STATUSES.planned,
  INTERVENTION_STATUSES.done,
];
/** The text form of each status code (ongoing, planned, done). */
export const STATUS_TEXT: Record<InterventionStatus, 'ongoing' | 'planned' | 'done'> = {
  Enc: 'ongoing',
  Pla: 'planned',
  Rea: 'done',
};

export interface InterventionSearch {
  status: InterventionStatus[];
  startDate?: string;
  endDate?: string;
  address?: string;
  waterSupplyStopped?: boolean;
  streetClosed?: boolean;
  currentPage: number;
  itemsPerPage: number;
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The search defaults: every status, today to tomorrow, no address, water supply stopped and street closed. */
export function interventionSearchDefaults(now: Date = new Date()): InterventionSearch {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  return {
    status: [...STATUS_CODES],
    startDate: isoDay(now),
    endDate: isoDay(tomorrow),
    address: '',
    waterSupplyStopped: true,
    streetClosed: true,
    currentPage: PAGING.defaultPage,
    itemsPerPage: PAGING.allItems,
  };
}

export interface InterventionPage {
  items: Intervention[];
  total: number;
}

export const interventionQueries = {
  list: (contractId: number, search: InterventionSearch) =>
    queryOptions({
      ...endpointQuery(contractId, 'listInterventions', { query: { contract: contractId, ...search } }),
      select: ({ data, pagination }): InterventionPage => ({ items: data, total: pagination.totalCount }),
      placeholderData: keepPreviousData,
    }),
};
