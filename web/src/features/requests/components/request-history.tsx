import { useTranslation } from '@/lib/i18n';
import type { ServiceRequest } from '@portal/contract';
import { formatDate } from '@/lib/i18n';
import { RequestStatusBadge } from './request-status-badge';

const dateTime = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;

/** The operators' status changes of a request, oldest first. */
export function RequestHistory({ history }: { history: ServiceRequest['history'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="request-history" className="mt-4">
      <h2 id="request-history" className="h5">
        {t('requests.history')}
      </h2>
      {history.length === 0 ? (
        <p className="text-body-secondary">{t('requests.no_history')}</p>
      ) : (
        <table className="table table-sm">
          <caption className="visually-hidden">{t('requests.history_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('requests.col_history.date')}</th>
              <th scope="col">{t('requests.col_history.status')}</th>
              <th scope="col">{t('requests.col_history.comment')}</th>
              <th scope="col">{t('requests.col_history.author')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={i}>
                <td>{formatDate(h.date, dateTime)}</td>
                <td>
                  <RequestStatusBadge status={h.status} />
                </td>
                <td>{h.comment || '-'}</td>
                <td>{h.author}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
