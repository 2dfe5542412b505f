import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Area } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, DetailLink, useActionsColumn } from '@/components/list-view/row-actions';
import { useGranted } from '@/lib/auth/hooks';
import { areaQueries, deleteContractArea } from './api';
import { useDetailLink } from '../shared/admin-context';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { AddAreaDialog, RenameAreaDialog } from './lazy-dialogs';
import { useDeleteConfirm, useRowCounts } from '../shared/list-support';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

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
  const { query, view } = useListView('areas', ({ page, perPage, search }) =>
    areaQueries.list(contractId, { page, perPage, search }),
  );
  const counts = useRowCounts(query.data?.data, (ids) => areaQueries.counts(contractId, ids), {
    skills: 'categories',
    operators: 'operators',
    organizations: 'organizations',
  });
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const detail = useDetailLink('area');
  const wizard = useWizardSlot();
  const renamer = useWizardSlot();
  const [renaming, setRenaming] = useState<Area | null>(null);
  const del = useDeleteConfirm<Area>({
    contractId,
    changes: TERRITORY_CHANGES.area,
    remove: (area) => deleteContractArea(contractId, area.id),
    title: (area) => t('territorial_admin.areas.delete_title', { label: area.label }),
  });
  const actions = useActionsColumn<Area>(
    !readOnly &&
      ((a) => (
        <>
          <DetailLink to={detail(a.id)} label={t('territorial_admin.areas.detail', { label: a.label })} />
          {isAdmin ? (
            <ActionButton
              icon="pencil"
              variant="outline-primary"
              label={t('territorial_admin.areas.rename', { label: a.label })}
              opensDialog
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
        </>
      )),
  );
  return (
    <>
      <ListView
        {...view}
        title={t('territorial_admin.areas.title')}
        rowKey={(a) => a.id}
        addLabel={t('territorial_admin.areas.add')}
        onAdd={readOnly || hideAdd || !isAdmin ? undefined : wizard.open}
        addOpensDialog
        exportValues={counts.exportValues}
        rowLink={readOnly ? undefined : (a) => detail(a.id)}
        columns={[
          { key: 'label', header: t('territorial_admin.columns.label'), render: (a) => a.label },
          counts.column('skills', t('territorial_admin.columns.skill_sets')),
          counts.column('operators', t('territorial_admin.columns.operators')),
          counts.column('organizations', t('territorial_admin.columns.organizations')),
          ...actions,
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
