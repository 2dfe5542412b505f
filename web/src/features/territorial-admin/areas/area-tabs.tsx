import { useTranslation } from '@/lib/i18n';
import type { Category, Organization } from '@portal/contract';
import { ListView, useListView } from '@/components/list-view/list-view';
import { areaQueries } from './api';
import { organizationColumns } from '../organizations/organizations-tab';

/** Area detail: its skill sets (label). */
export function AreaCategoriesTab({ contractId, areaId }: { contractId: number; areaId: number }) {
  const { t } = useTranslation();
  const { view } = useListView(
    'categories',
    ({ page, perPage }) => areaQueries.categories(contractId, areaId, { page, perPage }),
    { search: false },
  );
  return (
    <ListView<Category>
      {...view}
      title={t('territorial_admin.area_detail.categories')}
      headingLevel={3}
      rowKey={(c) => c.id}
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
  const { view } = useListView(
    operator ? 'operators' : 'organizations',
    ({ page, perPage }) => areaQueries.organizations(contractId, areaId, type, { page, perPage }),
    { search: false },
  );
  const label = {
    key: 'label',
    header: t('territorial_admin.columns.label'),
    render: (o: Organization) => o.label,
  };
  const { areas, skills, end } = organizationColumns(t);
  return (
    <ListView<Organization>
      {...view}
      title={
        operator
          ? t('territorial_admin.area_detail.operators')
          : t('territorial_admin.area_detail.organizations')
      }
      headingLevel={3}
      rowKey={(o) => o.id}
      columns={operator ? [label, skills, end, areas] : [label, areas, skills]}
    />
  );
}
