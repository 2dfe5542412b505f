import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { IndustrialSite } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { buildPath, paths } from '@portal/contract/routes';
import type { Column } from '@/components/ui/data-table';
import { usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState, type ListSort } from '@/components/ui/use-list-state';
import { useGranted } from '@/lib/auth/hooks';
import { industrialSiteQueries } from '../api/industrial-sites';
import { useAdminContext } from './admin-context';
import { Actions, DetailLink, ListTab } from './list-parts';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];
/** the call sorts ascending only (orderColumn) */
const ascending = (sort: ListSort | null) => (sort?.direction === 'asc' ? sort.key : undefined);

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
  const list = useListState('sites');
  const q = { page: list.page, perPage: list.perPage, search: list.search, sort: ascending(list.sort) };
  const query = useQuery(industrialSiteQueries.list(contractId, q));
  const fetchPage = usePageFetcher((page, perPage) =>
    industrialSiteQueries.list(contractId, { ...q, page, perPage }),
  );
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const { territorial } = useAdminContext();
  const link = (path: string) => (territorial ? path : `${path}?contrat=${contractId}`);
  const columns: Column<IndustrialSite>[] = [
    { key: 'name', header: t('territorial_admin.columns.name'), render: (s) => s.name, sortKey: 'name' },
    {
      key: 'type',
      header: t('territorial_admin.columns.type'),
      render: (s) => s.industrialSiteType.label,
      sortKey: 'type',
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
      list={list}
      fetchPage={fetchPage}
      rowLink={
        !readOnly && isAdmin
          ? (s) => link(buildPath(paths.admin.industrialSite, { siteId: s.id }))
          : undefined
      }
    />
  );
}
