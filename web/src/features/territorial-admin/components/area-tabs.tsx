import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Category, Organization } from '@portal/contract';
import { usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState } from '@/components/ui/use-list-state';
import { areaQueries } from '../api/areas';
import { operatorEndDate } from './organizations-tab';
import { ListTab } from './list-parts';

/** Area detail: its skill sets (label). */
export function AreaCategoriesTab({ contractId, areaId }: { contractId: number; areaId: number }) {
  const { t } = useTranslation();
  const list = useListState('categories');
  const q = { page: list.page, perPage: list.perPage };
  const query = useQuery(areaQueries.categories(contractId, areaId, q));
  const fetchPage = usePageFetcher((page, perPage) =>
    areaQueries.categories(contractId, areaId, { ...q, page, perPage }),
  );
  return (
    <ListTab<Category>
      title={t('territorial_admin.area_detail.categories')}
      headingLevel={3}
      query={query}
      rowKey={(c) => c.id}
      page={list.page}
      onPage={list.setPage}
      list={list}
      fetchPage={fetchPage}
      columns={[{ key: 'label', header: t('territorial_admin.columns.label'), render: (c) => c.label }]}
    />
  );
}

/** Area detail: its operators (label, categories count, contract end date, areas count) or community organizations (label, areas count, categories count). */
export function AreaOrganizationsTab({
  contractId,
  areaId,
  type,
}: {
  contractId: number;
  areaId: number;
  type: 'Community' | 'Operator';
}) {
  const { t } = useTranslation();
  const operator = type === 'Operator';
  const list = useListState(operator ? 'operators' : 'organizations');
  const q = { page: list.page, perPage: list.perPage };
  const query = useQuery(areaQueries.organizations(contractId, areaId, type, q));
  const fetchPage = usePageFetcher((page, perPage) =>
    areaQueries.organizations(contractId, areaId, type, { ...q, page, perPage }),
  );
  const label = {
    key: 'label',
    header: t('territorial_admin.columns.label'),
    render: (o: Organization) => o.label,
  };
  const skills = {
    key: 'skills',
    header: t('territorial_admin.columns.skill_sets'),
    render: (o: Organization) => o.category.length,
  };
  const areas = {
    key: 'areas',
    header: t('territorial_admin.columns.areas'),
    render: (o: Organization) => o.area.length,
  };
  return (
    <ListTab<Organization>
      title={
        operator
          ? t('territorial_admin.area_detail.operators')
          : t('territorial_admin.area_detail.organizations')
      }
      headingLevel={3}
      query={query}
      rowKey={(o) => o.id}
      page={list.page}
      onPage={list.setPage}
      list={list}
      fetchPage={fetchPage}
      columns={
        operator
          ? [
              label,
              skills,
              { key: 'end', header: t('territorial_admin.columns.end_date'), render: operatorEndDate },
              areas,
            ]
          : [label, areas, skills]
      }
    />
  );
}
