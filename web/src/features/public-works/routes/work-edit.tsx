import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId, useCurrentUser } from '@/lib/auth/hooks';
import { workQueries } from '../api/works';
import { WorkForm } from '../components/work-form';

/** /travaux/edition/:workId: the form renders once the work has arrived. */
export function Component() {
  const { t } = useTranslation();
  const workId = Number(useParams().workId);
  const contractId = useContractId();
  const user = useCurrentUser();
  const query = useQuery({
    ...workQueries.detail(contractId, workId),
    enabled: Number.isInteger(workId),
  });
  return (
    <section>
      <PageTitle>
        {query.data ? t('works.edit_title', { title: query.data.title }) : t('screens.work_edit')}
      </PageTitle>
      <Link
        to={Number.isInteger(workId) ? buildPath(paths.works.detail, { workId }) : paths.works.list}
        className="d-inline-block mb-3"
      >
        {t('works.back_detail')}
      </Link>
      {query.isError ? (
        <LoadingErrorAlert />
      ) : query.data && user ? (
        <WorkForm key={query.data.id} contractId={contractId} userId={user.id} work={query.data} />
      ) : (
        <Spinner />
      )}
    </section>
  );
}
