import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { useGranted } from '@/lib/auth/hooks';
import { LoadingScreen } from '@/components/ui/spinner';
import { LoadFailure } from '@/components/ui/alerts';
import { areaQueries } from '../areas/api';
import { useAdminContext } from '../shared/admin-context';
import { AreaCategoriesTab, AreaOrganizationsTab } from '../areas/area-tabs';
import { DetailHeader } from '../shared/detail-header';
import { FragmentTabs } from '@/components/ui/fragment-tabs';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { RenameAreaDialog } from '../areas/lazy-dialogs';

/** .../area/:areaId: an area with its sub-tabs categories, operators and community organizations. */
export function Component() {
  const { t } = useTranslation();
  const { contractId, base } = useAdminContext();
  const areaId = Number(useParams().areaId);
  const area = useQuery({ ...areaQueries.detail(contractId ?? 0, areaId), enabled: contractId !== null });
  const canRename = useGranted([PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT]);
  const renamer = useWizardSlot();
  if (contractId === null) return <LoadingScreen />;
  return (
    <section className="area-detail">
      <DetailHeader
        backTo={`${base}#territoires`}
        // the screen's name while the area could not be read
        title={area.data?.label ?? (area.isError ? t('screens.area_detail') : undefined)}
      >
        {area.data ? (
          <p className="text-body-secondary">
            {t('screens.area_detail')} · {area.data.name}
            {area.data.postalCode ? ` (${area.data.postalCode})` : ''}
          </p>
        ) : null}
        {area.data && canRename ? (
          <p>
            <button
              type="button"
              className="btn btn-outline-primary"
              aria-haspopup="dialog"
              onClick={renamer.open}
            >
              {t('territorial_admin.areas.rename_action')}
            </button>
          </p>
        ) : null}
      </DetailHeader>
      {area.isError ? <LoadFailure onRetry={area.refetch} /> : null}
      {area.data ? (
        <FragmentTabs
          id="area-tabs"
          tabs={[
            {
              key: 'competences',
              title: t('territorial_admin.area_detail.categories'),
              render: () => <AreaCategoriesTab contractId={contractId} areaId={areaId} />,
            },
            {
              key: 'exploitants',
              title: t('territorial_admin.area_detail.operators'),
              render: () => <AreaOrganizationsTab contractId={contractId} areaId={areaId} type="Operator" />,
            },
            {
              key: 'organisations',
              title: t('territorial_admin.area_detail.organizations'),
              render: () => <AreaOrganizationsTab contractId={contractId} areaId={areaId} type="Community" />,
            },
          ]}
        />
      ) : null}
      {area.data ? (
        <WizardSlot opened={renamer.opened}>
          <RenameAreaDialog
            show={renamer.show}
            onHide={renamer.hide}
            contractId={contractId}
            area={area.data}
          />
        </WizardSlot>
      ) : null}
    </section>
  );
}
