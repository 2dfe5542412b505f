/**
 * A real Power BI report, embedded with Microsoft's JavaScript client (powerbi-client, loaded with
 * this screen only): the access token the portal fetched, of the embed type; a new token handed
 * to the report as soon as the portal has one (before the old one ends).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Embed } from 'powerbi-client';
import { AlertMessage } from '@/components/ui/alerts';
import type { PowerBiEmbed } from '../api/power-bi-embed';

type Report = Pick<Embed, 'setAccessToken' | 'on'>;

export function PowerBiReport({ embed, title }: { embed: PowerBiEmbed; title: string }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const report = useRef<Report | null>(null);
  const [failed, setFailed] = useState(false);
  const { embedUrl, reportId } = embed;

  // one embed per report; the token is handed over below
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let cancelled = false;
    let reset: (() => void) | null = null;
    void import('powerbi-client')
      .then(({ service, factories, models }) => {
        if (cancelled) return;
        const powerbi = new service.Service(
          factories.hpmFactory,
          factories.wpmpFactory,
          factories.routerFactory,
        );
        const embedded = powerbi.embed(element, {
          type: 'report',
          id: reportId,
          embedUrl,
          accessToken: embed.accessToken,
          tokenType: models.TokenType.Embed,
          settings: { localeSettings: { language: i18n.language } },
        });
        embedded.on('error', () => setFailed(true));
        embedded.setComponentTitle?.(title);
        report.current = embedded;
        reset = () => powerbi.reset(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      report.current = null;
      reset?.();
    };
    // the first token starts the embed; later ones go through setAccessToken
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embedUrl, reportId]);

  useEffect(() => {
    void report.current?.setAccessToken(embed.accessToken).catch(() => setFailed(true));
  }, [embed.accessToken]);

  return (
    <>
      {failed ? <AlertMessage variant="danger" messageKey="bi.report_failed" /> : null}
      <div
        ref={container}
        className="bi-frame border rounded w-100 flex-grow-1"
        style={{ minHeight: '70vh' }}
        data-embed="powerbi-client"
        aria-label={t('bi.report_frame', { label: title })}
        role="region"
      />
    </>
  );
}
