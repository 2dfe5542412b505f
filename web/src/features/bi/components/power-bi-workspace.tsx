import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type TranslationKey, useTranslation } from '@/lib/i18n';
import { AlertMessage, LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useContractId } from '@/lib/auth/hooks';
import { powerBiQueries, type PowerBiEmbed, type PowerBiService } from '../api/power-bi-embed';
import { isPowerBiEmbedUrl } from './embed-token';

// Microsoft's client loads only for a real report
const PowerBiReport = lazy(() => import('./power-bi-report').then((m) => ({ default: m.PowerBiReport })));

/** The report's address with its access token (the stand-in page and a real embed both read it). */
function reportUrl(embed: PowerBiEmbed): string {
  const url = new URL(embed.embedUrl, window.location.href);
  url.searchParams.set('reportId', embed.reportId);
  return url.toString();
}

/**
 * A business-intelligence workspace: the contract's configured report. A real Power BI report is
 * embedded with Microsoft's client and gets a new token before its own ends; the mock's stand-in
 * (offline, on another host, which the client refuses) shows in a plain frame.
 */
export function PowerBiWorkspace({
  service,
  titleKey,
}: {
  service: PowerBiService;
  titleKey: TranslationKey;
}) {
  const { t, i18n } = useTranslation();
  const contractId = useContractId();
  const query = useQuery({ ...powerBiQueries.embed(contractId, service) });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <section className="bi-workspace d-flex flex-column h-100">
      <PageTitle>{t(titleKey)}</PageTitle>
      {query.isPending ? <Spinner label={t('bi.loading_report')} /> : null}
      {missing ? <AlertMessage variant="info" messageKey="bi.no_configuration" /> : null}
      {query.isError && !missing ? <LoadingErrorAlert /> : null}
      {query.isSuccess ? (
        <>
          <div className="d-flex flex-wrap gap-3 align-items-baseline mb-2">
            <p className="lead mb-0">{query.data.btnLabel}</p>
            <p className="small text-body-secondary mb-0">
              {t('bi.expires', {
                time: new Date(query.data.expiresAt).toLocaleTimeString(i18n.language, {
                  timeStyle: 'short',
                }),
              })}
            </p>
            <a className="small ms-auto" href={reportUrl(query.data)} target="_blank" rel="noreferrer">
              {t('bi.open_new_tab')}
              <span className="visually-hidden"> ({t('common.new_tab')})</span>
            </a>
          </div>
          {isPowerBiEmbedUrl(query.data.embedUrl) ? (
            <Suspense fallback={<Spinner label={t('bi.loading_report')} />}>
              <PowerBiReport embed={query.data} title={query.data.btnLabel} />
            </Suspense>
          ) : (
            <iframe
              className="bi-frame border rounded w-100 flex-grow-1"
              style={{ minHeight: '70vh' }}
              title={t('bi.report_frame', { label: query.data.btnLabel })}
              src={reportUrl(query.data)}
              data-embed="frame"
              sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-downloads"
              allowFullScreen
            />
          )}
        </>
      ) : null}
    </section>
  );
}
