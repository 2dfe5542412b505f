import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Area } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState } from '@/components/ui/use-list-state';
import { useGranted } from '@/lib/auth/hooks';
import { areaQueries, deleteContractArea } from '../api/areas';
import { useDetailLink } from './admin-context';
import { AddAreaDialog, RenameAreaDialog, useWizard, WizardSlot } from './lazy-wizards';
import {
  ActionButton,
  Actions,
  CountCell,
  countsOfRows,
  DetailLink,
  ListTab,
  useDeleteConfirm,
} from './list-parts';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];

/** Areas: label, skill set count, operator count, organization count, actions (detail, delete). */
export function AreasTab({
  contractId,
  readOnly = false,
  hideAdd = false,
}: {
  contractId: number;
  readOnly?: boolean;
  hideAdd?: boolean;
}) {
  const { t } = useTranslation();
  const list = useListState('areas');
  const q = { page: list.page, perPage: list.perPage, search: list.search };
  const query = useQuery(areaQueries.list(contractId, q));
  const fetchPage = usePageFetcher((page, perPage) => areaQueries.list(contractId, { ...q, page, perPage }));
  const ids = query.data?.data.map((a) => a.id) ?? [];
  const counts = useQuery(areaQueries.counts(contractId, ids));
  const count = (key: 'categories' | 'operators' | 'organizations', id: number) => (
    <CountCell value={counts.data?.[key][id]} failed={counts.isError} />
  );
  const queryClient = useQueryClient();
  // the export holds the counts of every area, as the screen shows them page by page
  const exportValues = async (rows: readonly Area[]) => {
    const all = await countsOfRows(
      rows.map((a) => a.id),
      (chunk) => queryClient.fetchQuery(areaQueries.counts(contractId, chunk)),
    );
    return {
      skills: (a: Area) => all.categories?.[a.id],
      operators: (a: Area) => all.operators?.[a.id],
      organizations: (a: Area) => all.organizations?.[a.id],
    };
  };
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const detail = useDetailLink('area');
  const wizard = useWizard();
  const renamer = useWizard();
  const [renaming, setRenaming] = useState<Area | null>(null);
  const del = useDeleteConfirm<Area>({
    contractId,
    remove: (area) => deleteContractArea(contractId, area.id),
    title: (area) => t('territorial_admin.areas.delete_title', { label: area.label }),
  });
  return (
    <>
      <ListTab
        title={t('territorial_admin.areas.title')}
        query={query}
        rowKey={(a) => a.id}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        addLabel={t('territorial_admin.areas.add')}
        onAdd={readOnly || hideAdd || !isAdmin ? undefined : wizard.open}
        list={list}
        fetchPage={fetchPage}
        exportValues={exportValues}
        rowLink={readOnly ? undefined : (a) => detail(a.id)}
        columns={[
          { key: 'label', header: t('territorial_admin.columns.label'), render: (a) => a.label },
          {
            key: 'skills',
            header: t('territorial_admin.columns.skill_sets'),
            render: (a) => count('categories', a.id),
          },
          {
            key: 'operators',
            header: t('territorial_admin.columns.operators'),
            render: (a) => count('operators', a.id),
          },
          {
            key: 'organizations',
            header: t('territorial_admin.columns.organizations'),
            render: (a) => count('organizations', a.id),
          },
          ...(readOnly
            ? []
            : [
                {
                  key: 'actions',
                  header: t('common.actions'),
                  className: 'text-end',
                  render: (a: Area) => (
                    <Actions>
                      <DetailLink
                        to={detail(a.id)}
                        label={t('territorial_admin.areas.detail', { label: a.label })}
                      />
                      {isAdmin ? (
                        <ActionButton
                          icon="pencil"
                          variant="outline-primary"
                          label={t('territorial_admin.areas.rename', { label: a.label })}
                          onClick={() => {
                            setRenaming(a);
                            renamer.open();
                          }}
                        />
                      ) : null}
                      {isAdmin ? (
                        <ActionButton
                          icon="trash"
                          label={t('territorial_admin.areas.delete', { label: a.label })}
                          onClick={() => del.ask(a)}
                        />
                      ) : null}
                    </Actions>
                  ),
                },
              ]),
        ]}
      />
      {del.modal}
      <WizardSlot opened={renamer.opened}>
        {renaming ? (
          <RenameAreaDialog
            show={renamer.show}
            onHide={renamer.hide}
            contractId={contractId}
            area={renaming}
          />
        ) : null}
      </WizardSlot>
      <WizardSlot opened={wizard.opened}>
        <AddAreaDialog show={wizard.show} onHide={wizard.hide} contractId={contractId} />
      </WizardSlot>
    </>
  );
}
