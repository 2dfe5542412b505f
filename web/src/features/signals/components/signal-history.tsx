import { useTranslation } from '@/lib/i18n';
import type { Signal } from '@portal/contract';
import { formatDate } from '@/lib/i18n';
import { SignalStatusBadge } from './signal-status-badge';

const dateTime = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;

/** The status changes of a signal, oldest first. */
export function SignalHistory({ history }: { history: Signal['history'] }) {
  const { t } = useTranslation();
  return (
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
          {history.map((h, i) => (
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
  );
}
