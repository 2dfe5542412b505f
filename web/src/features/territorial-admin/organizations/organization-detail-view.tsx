import { useQuery } from '@tanstack/react-query';
import { LoadFailure } from '@/components/ui/alerts';
import { useTranslation } from '@/lib/i18n';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { useGranted } from '@/lib/auth/hooks';
import { LoadingScreen } from '@/components/ui/spinner';
import { organizationQueries } from './api';
import { useAdminContext } from '../shared/admin-context';
import { DetailHeader } from '../shared/detail-header';
import { FragmentTabs } from '@/components/ui/fragment-tabs';
import { OrganizationAreasTab } from './organization-areas-tab';
import { operatorEndDate } from './organizations-tab';
import { ServicesTab } from '../services/services-tab';
import { UsersTab } from '../users/users-tab';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { EditOrganizationDialog } from './lazy-dialogs';

/** A community organization or an operator: its users, areas and services. */
export function OrganizationDetailView({
  organizationId,
  kind,
}: {
  organizationId: number;
  kind: 'organization' | 'operator';
}) {
  const { t } = useTranslation();
  const { contractId, base } = useAdminContext();
  const organization = useQuery({
    ...organizationQueries.detail(contractId ?? 0, organizationId),
    enabled: contractId !== null,
  });
  const canEdit = useGranted([PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT]);
  const editor = useWizardSlot();
  if (contractId === null) return <LoadingScreen />;
  const o = organization.data;
  return (
    <section className="organization-detail">
      <DetailHeader
        backTo={`${base}#${kind === 'operator' ? 'exploitants' : 'organisations'}`}
        // the screen's name while the organization could not be read
        title={
          o?.label ??
          (organization.isError
            ? t(kind === 'operator' ? 'screens.operator_detail' : 'screens.organization_detail')
            : undefined)
        }
      >
        {o ? (
          <p className="text-body-secondary">
            {kind === 'operator'
              ? `${t('screens.operator_detail')} · ${t('territorial_admin.columns.end_date')} : ${operatorEndDate(o)}`
              : t('screens.organization_detail')}
            {o.organizationMaster ? ` · ${t('territorial_admin.organizations.master')}` : ''}
            {o.newOrganizationLabel
              ? ` · ${t('wizards.organization.new_label')} : ${o.newOrganizationLabel}`
              : ''}
          </p>
        ) : null}
        {o && canEdit ? (
          <p>
            <button
              type="button"
              className="btn btn-outline-primary"
              aria-haspopup="dialog"
              onClick={editor.open}
            >
              {t('wizards.organization.edit')}
            </button>
          </p>
        ) : null}
      </DetailHeader>
      {organization.isError ? <LoadFailure onRetry={organization.refetch} /> : null}
      {o ? (
        <FragmentTabs
          id="organization-tabs"
          tabs={[
            {
              key: 'utilisateurs',
              title: t('territorial_admin.tabs.users'),
              render: () => (
                <UsersTab contractId={contractId} organizationId={organizationId} headingLevel={2} />
              ),
            },
            {
              key: 'territoires',
              title: t('territorial_admin.tabs.areas'),
              render: () => <OrganizationAreasTab contractId={contractId} organizationId={organizationId} />,
            },
            {
              key: 'services',
              title: t('territorial_admin.tabs.services'),
              render: () => (
                <ServicesTab contractId={contractId} organizationId={organizationId} headingLevel={2} />
              ),
            },
          ]}
        />
      ) : null}
      {o ? (
        <WizardSlot opened={editor.opened}>
          <EditOrganizationDialog
            show={editor.show}
            onHide={editor.hide}
            contractId={contractId}
            organization={o}
          />
        </WizardSlot>
      ) : null}
    </section>
  );
}
