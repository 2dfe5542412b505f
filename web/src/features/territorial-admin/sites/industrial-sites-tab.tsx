import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { IndustrialSite } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { buildPath, paths } from '@portal/contract/routes';
import type { Column } from '@/components/ui/data-table';
import { ListView, useListView } from '@/components/list-view/list-view';
import { DetailLink, useActionsColumn } from '@/components/list-view/row-actions';
import type { ListSort } from '@/components/ui/use-list-state';
import { useGranted } from '@/lib/auth/hooks';
import { industrialSiteQueries } from './api';
import { useAdminContext } from '../shared/admin-context';

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
  const { view } = useListView('sites', ({ page, perPage, search, sort }) =>
    industrialSiteQueries.list(contractId, { page, perPage, search, sort: ascending(sort) }),
  );
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const { territorial } = useAdminContext();
  const link = (path: string) => (territorial ? path : `${path}?contrat=${contractId}`);
  const siteLink = (s: IndustrialSite) => link(buildPath(paths.admin.industrialSite, { siteId: s.id }));
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
    ...useActionsColumn<IndustrialSite>(
      !readOnly &&
        isAdmin &&
        ((s) => (
          <DetailLink to={siteLink(s)} label={t('territorial_admin.sites.detail', { label: s.name })} />
        )),
    ),
  ];
  return (
    <ListView
      {...view}
      title={t('territorial_admin.sites.title')}
      rowKey={(s) => s.id}
      addLabel={t('territorial_admin.sites.add')}
      onAdd={readOnly || !isAdmin ? undefined : () => void navigate(link(paths.admin.industrialSiteCreate))}
      columns={columns}
      rowLink={!readOnly && isAdmin ? siteLink : undefined}
    />
  );
}
