import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import type { Signal } from '@portal/contract';
import { LoadFailure, LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId } from '@/lib/auth/hooks';
import {
  createDraft,
  invalidateRequests,
  invalidateSignalsOfRequest,
  requestQueries,
  type RequestType,
} from '../api/requests';
import { ErrorMessage } from '@/components/ui/error-message';
import { DRAFT_MAX_LENGTH } from '../components/draft-limits';
import { errorMessageKey } from '@/lib/error-message';
import { isRetryableFailure } from '@/lib/read-in-place';

/** Which request type a signal category suggests (the user may change it). */
const TYPE_FOR_CATEGORY: Record<string, string> = {
  ROAD: 'ROADWORK',
  LIGHT: 'LIGHTING',
  CLEAN: 'CLEANING',
  LEAK: 'CONNECTION',
};

export function prefill(signal: Signal, types: RequestType[]) {
  const code = TYPE_FOR_CATEGORY[signal.category.code] ?? 'OTHER';
  const type = types.find((t) => t.code === code) ?? types.find((t) => t.code === 'OTHER') ?? types[0];
  return {
    requestTypeId: type ? String(type.id) : '',
    title: [signal.category.label, signal.address]
      .filter(Boolean)
      .join(' — ')
      .slice(0, DRAFT_MAX_LENGTH.title),
    description: signal.description,
    address: signal.address,
  };
}

type Values = ReturnType<typeof prefill>;

function FromSignalForm({
  signal,
  types,
  contractId,
}: {
  signal: Signal;
  types: RequestType[];
  contractId: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<Values>({ defaultValues: prefill(signal, types) });
  // leaving with the prefilled request changed and not created asks first
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const create = useMutation({
    mutationFn: async (values: Values) => {
      const draft = await createDraft({
        contractId,
        requestTypeId: Number(values.requestTypeId),
        title: values.title,
        description: values.description,
        address: values.address,
        location: signal.location,
        signalId: signal.id,
      });
      await Promise.all([
        invalidateRequests(client, contractId),
        invalidateSignalsOfRequest(client, contractId),
      ]);
      return draft;
    },
  });
  return (
    <Form
      onSubmit={form.handleSubmit((values) =>
        create.mutate(values, {
          onSuccess: (draft) => {
            unsaved.release();
            void navigate(buildPath(paths.requests.draft, { requestId: draft.id }));
          },
        }),
      )}
    >
      {unsaved.modal}
      {create.isError ? (
        <div className="mb-3">
          <ErrorMessage error={create.error} action={t('requests.error')} />
        </div>
      ) : null}
      <Form.Group className="mb-3" controlId="from-signal-type">
        <Form.Label>{t('requests.field.type')}</Form.Label>
        <Controller
          control={form.control}
          name="requestTypeId"
          render={({ field }) => (
            <Form.Select {...field}>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.label}
                </option>
              ))}
            </Form.Select>
          )}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="from-signal-title">
        <Form.Label>{t('requests.field.title')}</Form.Label>
        <Form.Control {...form.register('title')} maxLength={DRAFT_MAX_LENGTH.title} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="from-signal-description">
        <Form.Label>{t('requests.field.description')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={DRAFT_MAX_LENGTH.description}
          {...form.register('description')}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="from-signal-address">
        <Form.Label>{t('requests.field.address')}</Form.Label>
        <Form.Control {...form.register('address')} maxLength={DRAFT_MAX_LENGTH.address} />
      </Form.Group>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? <Spinner size="sm" /> : null} {t('requests.create_from_signal')}
      </Button>
    </Form>
  );
}

/** /demande/signal-vers-demande/:signalId: a draft request prefilled from the signal and linked to it. */
export function Component() {
  const { t } = useTranslation();
  const signalId = Number(useParams().signalId);
  const contractId = useContractId();
  const signal = useQuery({
    ...requestQueries.signal(contractId, signalId),
    enabled: Number.isInteger(signalId),
  });
  const types = useQuery({ ...requestQueries.types(contractId) });

  return (
    <section>
      <PageTitle>{t('requests.from_signal_title', { id: signalId })}</PageTitle>
      <Link to={paths.requests.list} className="d-inline-block mb-3">
        {t('requests.back')}
      </Link>
      {signal.isPending || types.isPending ? <Spinner /> : null}
      {signal.isError && isRetryableFailure(signal.error) ? <LoadFailure onRetry={signal.refetch} /> : null}
      {signal.isError && !isRetryableFailure(signal.error) ? (
        <div role="alert" className="alert alert-warning">
          {t('requests.signal_unavailable', { message: t(errorMessageKey(signal.error)) })}
        </div>
      ) : null}
      {types.isError ? <LoadingErrorAlert /> : null}
      {signal.data && types.data ? (
        signal.data.requestId ? (
          <p>
            {t('requests.already_linked')}{' '}
            <Link to={buildPath(paths.requests.detail, { requestId: signal.data.requestId })}>
              {t('requests.open', { id: signal.data.requestId })}
            </Link>
          </p>
        ) : (
          <>
            <section aria-labelledby="source-signal" className="mb-4">
              <h2 id="source-signal" className="h5">
                {t('requests.source_signal')}
              </h2>
              <p className="mb-1">
                {signal.data.category.label} — {signal.data.description}
              </p>
              <p className="small text-body-secondary">{signal.data.address}</p>
            </section>
            <FromSignalForm signal={signal.data} types={types.data} contractId={contractId} />
          </>
        )
      ) : null}
    </section>
  );
}
