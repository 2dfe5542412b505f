import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { ROLES } from '@portal/contract/roles';
import { MapView } from '@/components/map';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentContract, useGranted, useGrantedForContract } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import {
  changeSignalStatus,
  invalidateSignals,
  SIGNAL_STATUSES,
  signalQueries,
  type SignalStatus,
} from '../api/signals';
import { SignalPhoto } from '../components/signal-photo';
import { SignalStatusBadge } from '../components/signal-status-badge';
import { BackLink } from '@/components/ui/back-link';

const dateTime = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;

/** /signalement/signal/:signalId: the signal's data, its location on a map, photos and history. */
export function Component() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const signalId = Number(useParams().signalId);
  const { contractId } = useCurrentContract();
  const cid = contractId ?? 0;
  const query = useQuery({
    ...signalQueries.detail(cid, signalId),
    enabled: contractId !== null && Number.isInteger(signalId),
  });
  const canRequest = useGranted([ROLES.REQUEST, ROLES.REQUEST_OPERATOR]);
  const canOperate = useGrantedForContract([ROLES.SIGNAL_OPERATOR, ROLES.ZEUS_SIGNAL]);
  const [status, setStatus] = useState<SignalStatus | ''>('');
  const [comment, setComment] = useState('');
  const change = useMutation({
    mutationFn: async (next: SignalStatus) => {
      const saved = await changeSignalStatus(signalId, { status: next, comment });
      await invalidateSignals(client, cid);
      return saved;
    },
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadingErrorAlert />;
  const s = query.data;

  return (
    <section>
      <PageTitle>{t('signals.detail_title', { id: s.id })}</PageTitle>
      <BackLink to={paths.signals.list} className="d-inline-block mb-3">
        {t('signals.back')}
      </BackLink>
      <div className="row g-4">
        <div className="col-lg-6">
          <section aria-labelledby="signal-data">
            <h2 id="signal-data" className="h5">
              {t('signals.data')}
            </h2>
            <dl className="row">
              <dt className="col-sm-4">{t('signals.col.status')}</dt>
              <dd className="col-sm-8">
                <SignalStatusBadge status={s.status} />
              </dd>
              <dt className="col-sm-4">{t('signals.col.category')}</dt>
              <dd className="col-sm-8">{s.category.label}</dd>
              <dt className="col-sm-4">{t('signals.col.description')}</dt>
              <dd className="col-sm-8">{s.description}</dd>
              <dt className="col-sm-4">{t('signals.col.address')}</dt>
              <dd className="col-sm-8">{s.address || '-'}</dd>
              <dt className="col-sm-4">{t('signals.created_at')}</dt>
              <dd className="col-sm-8">{formatDate(s.createdAt, dateTime)}</dd>
              <dt className="col-sm-4">{t('signals.author')}</dt>
              <dd className="col-sm-8">{s.author}</dd>
              <dt className="col-sm-4">{t('signals.col.request')}</dt>
              <dd className="col-sm-8">
                {s.requestId ? (
                  canRequest ? (
                    <Link to={buildPath(paths.requests.detail, { requestId: s.requestId })}>
                      {t('signals.linked_request', { id: s.requestId })}
                    </Link>
                  ) : (
                    t('signals.linked_request', { id: s.requestId })
                  )
                ) : canRequest ? (
                  <Link
                    className="btn btn-sm btn-outline-primary"
                    to={buildPath(paths.requests.fromSignal, { signalId: s.id })}
                  >
                    {t('signals.to_request')}
                  </Link>
                ) : (
                  '-'
                )}
              </dd>
            </dl>
          </section>
          <section aria-labelledby="signal-photos">
            <h2 id="signal-photos" className="h5">
              {t('signals.photos')}
            </h2>
            {s.photos.length === 0 ? (
              <p className="text-body-secondary">{t('signals.no_photo')}</p>
            ) : (
              <div className="d-flex flex-wrap gap-2">
                {s.photos.map((p) => (
                  <SignalPhoto key={p.photoId} contractId={cid} photoId={p.photoId} fileName={p.fileName} />
                ))}
              </div>
            )}
          </section>
        </div>
        <div className="col-lg-6">
          <h2 className="h5">{t('signals.location')}</h2>
          <MapView
            label={t('signals.location_map')}
            search={false}
            height={300}
            features={[
              {
                id: s.id,
                label: s.address,
                geoJson: { type: 'Point', coordinates: [s.location.lng, s.location.lat] },
                color: s.category.color,
              },
            ]}
          />
        </div>
      </div>
      {canOperate ? (
        <section aria-labelledby="signal-status-change" className="mt-4">
          <h2 id="signal-status-change" className="h5">
            {t('signals.change_status')}
          </h2>
          <Form
            className="d-flex flex-wrap gap-3 align-items-end"
            onSubmit={(e) => {
              e.preventDefault();
              if (status) change.mutate(status, { onSuccess: () => setComment('') });
            }}
          >
            <Form.Group controlId="signal-new-status">
              <Form.Label>{t('signals.new_status')}</Form.Label>
              <Form.Select value={status} onChange={(e) => setStatus(e.target.value as SignalStatus)}>
                <option value="">-</option>
                {SIGNAL_STATUSES.map((v) => (
                  <option key={v} value={v}>
                    {t(`signals.status.${v}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId="signal-comment" className="flex-grow-1">
              <Form.Label>{t('signals.comment')}</Form.Label>
              <Form.Control value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
            </Form.Group>
            <Button type="submit" disabled={!status || change.isPending}>
              {t('common.save')}
            </Button>
          </Form>
          {change.isSuccess ? (
            <p role="status" className="text-success mt-2">
              {t('signals.status_changed')}
            </p>
          ) : null}
          {change.isError ? (
            <p role="alert" className="text-danger mt-2">
              {change.error.message}
            </p>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="signal-history" className="mt-4">
        <h2 id="signal-history" className="h5">
          {t('signals.history')}
        </h2>
        <table className="table table-sm">
          <caption className="visually-hidden">{t('signals.history_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('signals.col_history.date')}</th>
              <th scope="col">{t('signals.col_history.status')}</th>
              <th scope="col">{t('signals.col_history.comment')}</th>
              <th scope="col">{t('signals.col_history.author')}</th>
            </tr>
          </thead>
          <tbody>
            {s.history.map((h, i) => (
              <tr key={i}>
                <td>{formatDate(h.date, dateTime)}</td>
                <td>
                  <SignalStatusBadge status={h.status} />
                </td>
                <td>{h.comment || '-'}</td>
                <td>{h.author}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
