import { useQueryClient } from '@tanstack/react-query';
import Nav from 'react-bootstrap/Nav';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { Contract } from '@portal/contract';
import { buildPath, paths } from '@portal/contract/routes';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, DetailLink, useActionsColumn } from '@/components/list-view/row-actions';
import type { Column } from '@/components/ui/data-table';
import { PageTitle } from '@/components/ui/page-title';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import { useCurrentContract } from '@/lib/auth/hooks';
import {
  CONTRACT_LIST_READS,
  contractAdminQueries,
  deleteContract,
  type ContractListKind,
} from '../api/contracts';
import { invalidateEndpoints } from '@/lib/endpoint-query';

const LISTS: { kind: ContractListKind; path: string; key: 'all' | 'mine' | 'to_finalize' }[] = [
  { kind: 'all', path: paths.admin.contracts, key: 'all' },
  { kind: 'mine', path: paths.admin.myContracts, key: 'mine' },
  { kind: 'to-finalize', path: paths.admin.toFinalize, key: 'to_finalize' },
];

/** /admin/contrat, /admin/contrat/mes-contrats, /admin/contrat/a-finaliser: paged, searchable contract lists. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contractId: current } = useCurrentContract();
  const list = LISTS.find((l) => l.path === pathname.replace(/\/+$/, '')) ?? LISTS[0]!;
  const { view } = useListView('', ({ page, perPage, search }) =>
    contractAdminQueries.list(current, list.kind, { page, perPage, search }),
  );
  const removal = useConfirmDelete<Contract>({
    remove: (c) => deleteContract(c.id),
    refresh: () => invalidateEndpoints(queryClient, current, CONTRACT_LIST_READS),
    title: (c) => t('contracts.delete_title', { label: c.label }),
    body: () => t('contracts.delete_body'),
  });
  const columns: Column<Contract>[] = [
    { key: 'label', header: t('contracts.columns.label'), render: (c) => c.label },
    {
      key: 'status',
      header: t('contracts.columns.status'),
      render: (c) => t(`contract_status.${c.status}`, { defaultValue: c.status }),
    },
    ...useActionsColumn<Contract>((c) => (
      <>
        <DetailLink
          to={buildPath(paths.admin.contract, { contractId: c.id })}
          label={t('contracts.detail', { label: c.label })}
        />
        <ActionButton
          icon="trash"
          label={t('contracts.delete', { label: c.label })}
          onClick={() => removal.ask(c)}
        />
      </>
    )),
  ];
  const title = t(`contracts.lists.${list.key}`);
  return (
    <section className="contract-lists">
      <PageTitle>{t('screens.contract_lists')}</PageTitle>
      <Nav variant="tabs" className="mb-3" as="nav" aria-label={t('contracts.lists.label')}>
        {LISTS.map((l) => (
          <Nav.Item key={l.kind}>
            <NavLink to={l.path} end className="nav-link">
              {t(`contracts.lists.${l.key}`)}
            </NavLink>
          </Nav.Item>
        ))}
      </Nav>
      <ListView
        {...view}
        title={title}
        columns={columns}
        rowKey={(c) => c.id}
        addLabel={t('contracts.create')}
        onAdd={() => void navigate(paths.admin.createContract)}
        rowLink={(c) => buildPath(paths.admin.contract, { contractId: c.id })}
      />
      {removal.modal}
    </section>
  );
}
