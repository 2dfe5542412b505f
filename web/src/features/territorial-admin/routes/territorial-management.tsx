import { useTranslation } from '@/lib/i18n';
import { PageTitle } from '@/components/ui/page-title';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { useContractId, useCurrentContract, useGranted } from '@/lib/auth/hooks';
import { ContractAdminTabs } from '../contract/contract-admin-tabs';
import { ContractAppearance } from '../contract/contract-appearance';

/** /gestion-territoriale: the administration of the current contract; the add-area button is hidden here. */
export function Component() {
  const { t } = useTranslation();
  const { contract } = useCurrentContract();
  const contractId = useContractId();
  // the contract's appearance: its super admins (and the portal's), not an organization admin
  const canStyle = useGranted([PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT]);
  return (
    <section className="territorial-management">
      <PageTitle>
        {t('screens.territorial_management')}
        {contract ? <span className="d-block fs-6 text-body-secondary mt-1">{contract.label}</span> : null}
      </PageTitle>
      {canStyle ? <ContractAppearance contractId={contractId} /> : null}
      <ContractAdminTabs contractId={contractId} hideAddArea />
    </section>
  );
}
