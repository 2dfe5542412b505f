import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId } from '@/lib/auth/hooks';
import { requestQueries } from '../api/requests';
import { DraftForm } from '../components/draft-form';

/** /demande/nouvelle-demande/:requestId: complete (or resume after a reload) a draft request. */
export function Component() {
  const { t } = useTranslation();
  const requestId = Number(useParams().requestId);
  const contractId = useContractId();
  // always the saved state: a reload, or a return from the list, resumes where the user was
  const draft = useQuery({
    ...requestQueries.detail(contractId, requestId),
    enabled: Number.isInteger(requestId),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const types = useQuery({ ...requestQueries.types(contractId) });

  // the form shows the draft as saved now, never a copy kept from an earlier visit: its fields
  // are what the next autosave writes back
  if (draft.isPending || types.isPending || (!draft.isFetchedAfterMount && !draft.isError))
    return <Spinner />;
  if (draft.isError || types.isError) return <LoadingErrorAlert />;
  if (draft.data.status !== 'DRAFT')
    return <Navigate to={buildPath(paths.requests.detail, { requestId })} replace />;
  return (
    <section>
      <PageTitle>{t('requests.draft_title', { id: requestId })}</PageTitle>
      <Link to={paths.requests.list} className="d-inline-block mb-3">
        {t('requests.back')}
      </Link>
      {draft.data.signalId ? <p>{t('requests.from_signal_note', { id: draft.data.signalId })}</p> : null}
      <DraftForm key={draft.data.id} draft={draft.data} types={types.data} contractId={contractId} />
    </section>
  );
}
