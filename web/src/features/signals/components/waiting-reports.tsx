import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { formatDate, useTranslation } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { errorDetail, errorMessageKey } from '@/lib/error-message';
import { useContractId } from '@/lib/auth/hooks';
import { logout } from '@/lib/auth/logout';
import {
  discardReport,
  REPORTS_SENT_EVENT,
  refreshWaiting,
  sendNow,
  useWaitingReports,
} from '@/lib/offline/sync';
import type { WaitingReport } from '@/lib/offline/report-store';
import { deleteDraft, useDraft, type ReportDraft } from '@/lib/offline/drafts';
import { useCurrentUser } from '@/lib/auth/hooks';
import { invalidateSignals } from '../api/signals';
import { CORRECT_PARAM } from './correct-param';

const ConfirmModal = lazy(() =>
  import('@/components/ui/confirm-modal').then((m) => ({ default: m.ConfirmModal })),
);

/** A kept refusal as the failure it was: said in French, the server's words as a detail. */
function refusalOf(report: WaitingReport): ApiError {
  return new ApiError(report.reasonStatus || 400, report.reason ?? '', { errors: report.fieldErrors ?? [] });
}

/** Its state, its last try, and a refusal said as ErrorMessage says any failure. */
function ReportState({ report }: { report: WaitingReport }) {
  const { t } = useTranslation();
  const refusedPhotos = report.photos.filter((photo) => photo.refused);
  return (
    <>
      {report.state === 'refused' ? (
        <div className="text-danger">
          <div>{t('offline.state.refused')}</div>
          <div className="small">
            {refusedPhotos.length
              ? `${refusedPhotos.map((photo) => t('offline.photo_refused', { name: photo.name })).join(', ')} : `
              : ''}
            {t(errorMessageKey(refusalOf(report)))}
          </div>
          {errorDetail(refusalOf(report)) ? (
            <details className="small">
              <summary>{t('failure.details')}</summary>
              <code className="text-break text-reset">{errorDetail(refusalOf(report))}</code>
            </details>
          ) : null}
        </div>
      ) : (
        <div className="text-body-secondary">{t(`offline.state.${report.state}`)}</div>
      )}
      {report.lastTryAt ? (
        <small className="text-body-secondary">
          {t('offline.last_try', { date: formatDate(new Date(report.lastTryAt)) })}
        </small>
      ) : null}
    </>
  );
}

function ReportItem({ report, onDelete }: { report: WaitingReport; onDelete: () => void }) {
  const { t } = useTranslation();
  // a waiting report opens to be edited too: its body while no try may have made its signal
  const action = report.state === 'refused' ? t('offline.correct') : t('offline.edit');
  return (
    <li className="list-group-item d-flex flex-wrap gap-2 align-items-center" data-report-id={report.id}>
      <div className="flex-grow-1">
        <div className="fw-semibold">{report.body.description}</div>
        <small className="text-body-secondary">
          {t('offline.kept_on', { date: formatDate(new Date(report.createdAt)) })}
          {report.photos.length ? ` · ${t('offline.photos', { count: report.photos.length })}` : ''}
        </small>
        {/* the time each photo was taken (its EXIF): kept with the report on the device, not sent */}
        {report.photos.map((photo, index) =>
          photo.exif?.takenAt && !photo.dropped ? (
            <small key={index} className="d-block text-body-secondary">
              {t('offline.photo_taken', {
                name: photo.name,
                date: formatDate(photo.exif.takenAt, {
                  day: '2-digit',
                  month: '2-digit',
                  year: 'numeric',
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              })}
            </small>
          ) : null,
        )}
        <ReportState report={report} />
      </div>
      <Link
        className="btn btn-sm btn-outline-primary"
        to={`${paths.signals.create}?${CORRECT_PARAM}=${report.id}`}
      >
        {action}
      </Link>
      <Button size="sm" variant="outline-danger" onClick={onDelete}>
        {t('offline.delete')}
      </Button>
    </li>
  );
}

/** The report being typed, kept on the device: resumed in the form, or deleted. */
function DraftItem({ draft, onDelete }: { draft: ReportDraft; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="list-group-item d-flex flex-wrap gap-2 align-items-center" data-draft>
      <div className="flex-grow-1">
        <div className="fw-semibold">
          {t('offline.draft.title')} : {draft.description || '…'}
        </div>
        <small className="text-body-secondary">
          {t('offline.draft.saved_on', { date: formatDate(new Date(draft.savedAt)) })}
        </small>
      </div>
      <Link className="btn btn-sm btn-outline-primary" to={paths.signals.create}>
        {t('offline.draft.resume')}
      </Link>
      <Button size="sm" variant="outline-danger" onClick={onDelete}>
        {t('offline.delete')}
      </Button>
    </li>
  );
}

/**
 * "En attente d'envoi" (docs/offline.md): the reports of the signed-in user kept on the device,
 * oldest first, with their state; a refused one opens for correction; any can be deleted after a
 * confirmation. The signals list is read again when some are sent.
 */
export function WaitingReports() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const contractId = useContractId();
  const reports = useWaitingReports();
  const user = useCurrentUser();
  const draft = useDraft(user?.id ?? null);
  const [deleting, setDeleting] = useState<WaitingReport | null>(null);
  useEffect(() => {
    void refreshWaiting();
    const sent = () => void invalidateSignals(client, contractId);
    window.addEventListener(REPORTS_SENT_EVENT, sent);
    return () => window.removeEventListener(REPORTS_SENT_EVENT, sent);
  }, [client, contractId]);
  if (reports.length === 0 && !deleting && !draft) return null;
  const held = reports.some((r) => r.state === 'needs-sign-in');
  return (
    <section className="mb-4" aria-labelledby="waiting-reports-title">
      <h2 id="waiting-reports-title" className="h5">
        {t('offline.waiting_title')}
      </h2>
      {reports.length ? (
        <p className="mb-2">{t('offline.waiting_count', { count: reports.length })}</p>
      ) : null}
      {held ? (
        <div role="alert" className="alert alert-warning d-flex flex-wrap gap-2 align-items-center">
          <span className="flex-grow-1">{t('offline.sign_in_needed')}</span>
          <Button size="sm" onClick={logout}>
            {t('offline.sign_in')}
          </Button>
        </div>
      ) : null}
      <ul className="list-group mb-2">
        {draft && user ? <DraftItem draft={draft} onDelete={() => deleteDraft(user.id)} /> : null}
        {reports.map((report) => (
          <ReportItem key={report.id} report={report} onDelete={() => setDeleting(report)} />
        ))}
      </ul>
      {reports.length ? (
        <Button size="sm" variant="outline-secondary" onClick={() => void sendNow(true)}>
          {t('offline.send_now')}
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {deleting ? (
          <ConfirmModal
            show
            confirm="delete"
            title={t('offline.delete_title')}
            body={t('offline.delete_body')}
            onCancel={() => setDeleting(null)}
            onConfirm={() => {
              const id = deleting.id;
              setDeleting(null);
              void discardReport(id);
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
