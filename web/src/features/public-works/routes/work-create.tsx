import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId, useCurrentUser } from '@/lib/auth/hooks';
import { WorkForm } from '../components/work-form';

/** /travaux/nouveau: plan a public work. */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const user = useCurrentUser();
  return (
    <section>
      <PageTitle>{t('works.create_title')}</PageTitle>
      <Link to={paths.works.list} className="d-inline-block mb-3">
        {t('works.back')}
      </Link>
      {user ? <WorkForm contractId={contractId} userId={user.id} /> : <Spinner />}
    </section>
  );
}
