import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentContract } from '@/lib/auth/hooks';
import { requestQueries } from '../api/requests';
import { DraftForm } from '../components/draft-form';

/** /demande/nouvelle-demande/:requestId: complete (or resume after a reload) a draft request. */
export function Component() {
  const { t } = useTranslation();
  const requestId = Number(useParams().requestId);
  const { contractId } = useCurrentContract();
  const cid = contractId ?? 0;
  // always the saved state: a reload resumes where the user was
  const draft = useQuery({
    ...requestQueries.detail(cid, requestId),
    enabled: contractId !== null && Number.isInteger(requestId),
    staleTime: 0,
  });
  const types = useQuery({ ...requestQueries.types(cid), enabled: contractId !== null });

  if (draft.isError || types.isError) return <LoadingErrorAlert />;
  // a cached copy (the draft as created, before the user typed) must not fill the form: its first
  // autosave would write those blanks over the saved draft, so the form waits for this visit's read
  if (draft.isPending || !draft.isFetchedAfterMount || types.isPending) return <Spinner />;
  if (draft.data.status !== 'DRAFT')
    return <Navigate to={buildPath(paths.requests.detail, { requestId })} replace />;
  return (
    <section>
      <PageTitle>{t('requests.draft_title', { id: requestId })}</PageTitle>
      <Link to={paths.requests.list} className="d-inline-block mb-3">
        {t('requests.back')}
      </Link>
      {draft.data.signalId ? <p>{t('requests.from_signal_note', { id: draft.data.signalId })}</p> : null}
      <DraftForm key={draft.data.id} draft={draft.data} types={types.data} contractId={cid} />
    </section>
  );
}
