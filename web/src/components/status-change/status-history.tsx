import type { ReactNode } from 'react';
import { DATE_TIME, formatDate, useTranslation, type TranslationKey } from '@/lib/i18n';
import type { StatusFeature } from './status-change';

/**
 * The status changes of a signal or a request, oldest first: date, status (the feature's badge),
 * comment and author. Its texts sit under the feature's key: `history` (the heading),
 * `history_caption`, `col_history.{date,status,comment,author}` and `no_history`.
 */
export function StatusHistory<S extends string>({
  feature,
  history,
  badge,
}: {
  feature: StatusFeature;
  history: readonly { date: string; status: S; comment: string; author: string }[];
  badge: (status: S) => ReactNode;
}) {
  const { t } = useTranslation();
  // a key built from the feature: typed where it is made
  const key = (rest: string) => `${feature}.${rest}` as TranslationKey;
  const headingId = `${feature}-history`;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h5">
        {t(key('history'))}
      </h2>
      {history.length === 0 ? (
        <p className="text-body-secondary">{t(key('no_history'))}</p>
      ) : (
        <table className="table table-sm">
          <caption className="visually-hidden">{t(key('history_caption'))}</caption>
          <thead>
            <tr>
              {(['date', 'status', 'comment', 'author'] as const).map((column) => (
                <th key={column} scope="col">
                  {t(key(`col_history.${column}`))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={i}>
                <td>{formatDate(h.date, DATE_TIME)}</td>
                <td>{badge(h.status)}</td>
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
