import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';

interface ErrorLocationState {
  status?: number | null;
  message?: string | null;
}

/** An error page: its title, its explanation, and a way back (a full reload of home restarts the session). */
export function ErrorPage({ kind }: { kind: 'unknown' | 'access_denied' | 'oops' | 'sso' }) {
  const { t } = useTranslation();
  const state = (useLocation().state ?? null) as ErrorLocationState | null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="error-page text-center py-5">
      <div ref={heading} tabIndex={-1}>
        <PageTitle>{t(`errors.${kind}.title`)}</PageTitle>
      </div>
      <p className="lead">{t(`errors.${kind}.text`)}</p>
      {state?.status !== undefined && state?.status !== null ? (
        <p className="text-body-secondary small">
          {t('errors.status', { status: state.status })}
          {state.message ? ` — ${state.message}` : ''}
        </p>
      ) : null}
      <a className="btn btn-primary" href={paths.home}>
        {kind === 'sso' ? t('errors.sso.retry') : t('errors.back_home')}
      </a>
    </section>
  );
}
