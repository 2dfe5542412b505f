import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingScreen } from '@/components/ui/spinner';
import { useCurrentContract } from '@/lib/auth/hooks';
import { ContractAdminTabs } from '../components/contract-admin-tabs';

/** /gestion-territoriale: the administration of the current contract; the add-area button is hidden here. */
export function Component() {
  const { t } = useTranslation();
  const { contract, contractId } = useCurrentContract();
  if (contractId === null) return <LoadingScreen />;
  return (
    <section className="territorial-management">
      <PageTitle>
        {t('screens.territorial_management')}
        {contract ? <span className="d-block fs-6 text-body-secondary mt-1">{contract.label}</span> : null}
      </PageTitle>
      <ContractAdminTabs contractId={contractId} hideAddArea />
    </section>
  );
}
