import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { IndustrialSite } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { buildPath, paths } from '@portal/contract/routes';
import type { Column } from '@/components/ui/data-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { useGranted } from '@/lib/auth/hooks';
import { industrialSiteQueries, isSiteOrderColumn, type SiteOrderColumn } from '../api/industrial-sites';
import { useAdminContext } from './admin-context';
import { Actions, DetailLink, ListTab } from './list-parts';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];

/**
 * Industrial sites: name, type, end date contract (always '-'), organizations count; add and detail go
 * to the site routes, with `?contrat={id}` under the contract details route so those screens work on
 * this contract (not the current one) and return to this tab.
 */
export function IndustrialSitesTab({
  contractId,
  readOnly = false,
}: {
  contractId: number;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState('sites', ['order']);
  const order = isSiteOrderColumn(list.filters.order) ? list.filters.order : null;
  const query = useQuery(
    industrialSiteQueries.list(contractId, { page: list.page, search: list.search, order }),
  );
  // sorted by the server (orderColumn): a click on the sorted column goes back to the default order
  const sortable = (column: SiteOrderColumn, label: string) => (
    <SortHeader
      label={label}
      active={order === column}
      onSort={() => list.setFilter('order', order === column ? null : column)}
    />
  );
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const { territorial } = useAdminContext();
  const link = (path: string) => (territorial ? path : `${path}?contrat=${contractId}`);
  const columns: Column<IndustrialSite>[] = [
    { key: 'name', header: sortable('name', t('territorial_admin.columns.name')), render: (s) => s.name },
    {
      key: 'type',
      header: sortable('type', t('territorial_admin.columns.type')),
      render: (s) => s.industrialSiteType.label,
    },
    { key: 'end', header: t('territorial_admin.columns.end_date_contract'), render: () => '-' },
    {
      key: 'organizations',
      header: t('territorial_admin.columns.organizations'),
      render: (s) => s.metadatas.organizationsCount,
    },
  ];
  if (!readOnly && isAdmin) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      className: 'text-end',
      render: (s) => (
        <Actions>
          <DetailLink
            to={link(buildPath(paths.admin.industrialSite, { siteId: s.id }))}
            label={t('territorial_admin.sites.detail', { label: s.name })}
          />
        </Actions>
      ),
    });
  }
  return (
    <ListTab
      title={t('territorial_admin.sites.title')}
      query={query}
      rowKey={(s) => s.id}
      page={list.page}
      onPage={list.setPage}
      search={list.search}
      onSearch={list.setSearch}
      addLabel={t('territorial_admin.sites.add')}
      onAdd={readOnly || !isAdmin ? undefined : () => void navigate(link(paths.admin.industrialSiteCreate))}
      columns={columns}
    />
  );
}
