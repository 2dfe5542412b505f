import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@portal/contract/routes';
import { LoadFailure } from '@/components/ui/alerts';
import { isRetryableFailure } from '@/lib/read-in-place';
import { ContractAdminTabs } from '../contract/contract-admin-tabs';
import { ContractAppearance } from '../contract/contract-appearance';
import { DetailHeader } from '../shared/detail-header';
import { contractQueries } from '../contract/api';

/** /admin/contrat/:contractId: the contract's details with its tabs (the URL fragment picks one; the first by default). */
export function Component() {
  const { t } = useTranslation();
  const contractId = Number(useParams().contractId);
  const contract = useQuery({
    ...contractQueries.detail(contractId),
    enabled: Number.isInteger(contractId) && contractId > 0,
  });
  return (
    <section className="contract-detail">
      <DetailHeader backTo={paths.admin.contracts} title={contract.data ? contract.data.label : undefined}>
        {contract.data ? (
          <p className="text-body-secondary">
            {t('screens.contract_detail')} ·{' '}
            {t(`contract_status.${contract.data.status}`, { defaultValue: contract.data.status })}
          </p>
        ) : null}
      </DetailHeader>
      {contract.isError && isRetryableFailure(contract.error) ? (
        <LoadFailure onRetry={contract.refetch} />
      ) : null}
      {contract.data ? (
        <>
          <ContractAppearance contractId={contractId} />
          <ContractAdminTabs contractId={contractId} />
        </>
      ) : null}
    </section>
  );
}
