import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId } from '@/lib/auth/hooks';
import { createDraft, invalidateRequests, requestQueries } from '../api/requests';
import { ErrorMessage } from '@/components/ui/error-message';

/** /demande/nouvelle-demande: choosing a type starts a draft, then its screen opens. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const contractId = useContractId();
  const types = useQuery({ ...requestQueries.types(contractId) });
  const start = useMutation({
    mutationFn: async (requestTypeId: number) => {
      const draft = await createDraft({ contractId: contractId, requestTypeId });
      await invalidateRequests(client, contractId);
      return draft;
    },
  });

  return (
    <section>
      <PageTitle>{t('requests.choose_title')}</PageTitle>
      <Link to={paths.requests.list} className="d-inline-block mb-3">
        {t('requests.back')}
      </Link>
      <p>{t('requests.choose_help')}</p>
      {types.isError ? <LoadingErrorAlert /> : null}
      {start.isError ? (
        <div className="mb-3">
          <ErrorMessage error={start.error} action={t('requests.error')} />
        </div>
      ) : null}
      {types.isPending ? <Spinner /> : null}
      <ul className="list-unstyled row g-3">
        {types.data?.map((type) => (
          <li key={type.id} className="col-md-6 col-lg-4">
            <Card className="h-100">
              <Card.Body className="d-flex flex-column">
                <Card.Title as="h2" className="h5">
                  {type.label}
                </Card.Title>
                <Card.Text className="flex-grow-1">{type.description}</Card.Text>
                <Button
                  variant="outline-primary"
                  disabled={start.isPending}
                  aria-label={t('requests.choose_type', { label: type.label })}
                  onClick={() =>
                    start.mutate(type.id, {
                      onSuccess: (draft) =>
                        void navigate(buildPath(paths.requests.draft, { requestId: draft.id })),
                    })
                  }
                >
                  {t('requests.choose')}
                </Button>
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
