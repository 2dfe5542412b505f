import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Pagination } from '@/components/ui/pagination';
import { documentQueries, documentService } from '../../api/documents';
import { QueryState, WidgetCard } from '../widget-card';
import { useFormat } from './format';
import type { WidgetProps } from './types';

/** A document's link, resolved against the document service's address. */
function documentHref(url: string, baseURL: string): string {
  try {
    return new URL(url, `${baseURL}/`).toString();
  } catch {
    return url;
  }
}

/** Last documents: the most recent documents of the document service. */
export function LastDocumentsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const service = documentService(props.contract);
  const query = useQuery(documentQueries.last(props.contractId, service));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {(documents) =>
          documents.length === 0 ? (
            <p className="mb-0">{t('common.no_information')}</p>
          ) : (
            <table className="table table-sm mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.document')}</th>
                  <th scope="col">{t('dashboard.document_type')}</th>
                  <th scope="col">{t('dashboard.created_at')}</th>
                </tr>
              </thead>
              <tbody>
                {documents.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <a href={documentHref(d.url, service.baseURL)} target="_blank" rel="noreferrer">
                        {d.label}
                        <span className="visually-hidden"> ({t('common.new_tab')})</span>
                      </a>
                    </td>
                    <td>{d.type}</td>
                    <td>{format.date(d.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
    </WidgetCard>
  );
}

/** Document notifications, 20 per page. */
export function DocumentNotificationsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const service = documentService(props.contract);
  const [page, setPage] = useState(1);
  const query = useQuery(documentQueries.notifications(props.contractId, service, page));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {({ items, pagination }) =>
          items.length === 0 ? (
            <p className="mb-0">{t('common.no_information')}</p>
          ) : (
            <>
              <p className="small text-body-secondary mb-1">
                {t('dashboard.notifications_count', { count: pagination.totalCount })}
              </p>
              <ul className="list-unstyled mb-2 widget-notifications">
                {items.map((n) => (
                  <li key={n.id} className={`py-1 border-bottom ${n.read ? '' : 'fw-semibold'}`}>
                    <span className="d-block">{n.message}</span>
                    <span className="small text-body-secondary">
                      {format.date(n.createdAt)}
                      {n.read ? '' : ` · ${t('dashboard.unread')}`}
                    </span>
                  </li>
                ))}
              </ul>
              {pagination.pageCount > 1 ? (
                <Pagination page={page} pageCount={pagination.pageCount} onChange={setPage} />
              ) : null}
            </>
          )
        }
      </QueryState>
    </WidgetCard>
  );
}

/** Number of documents. */
export function DocumentCountWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(documentQueries.count(props.contractId, documentService(props.contract)));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {({ count }) => (
          <p className="mb-0">
            <span className="display-5 fw-semibold">{format.number(count)}</span>{' '}
            <span className="text-body-secondary">{t('dashboard.documents', { count })}</span>
          </p>
        )}
      </QueryState>
    </WidgetCard>
  );
}
