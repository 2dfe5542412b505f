import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';
import { ApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-message';

interface ErrorLocationState {
  status?: number | null;
  message?: string | null;
}

/** The failure the error state describes (a timeout says so in its message). */
const failure = (state: ErrorLocationState) =>
  new ApiError(
    state.status ?? 0,
    state.message ?? '',
    undefined,
    state.status ? 'http' : /timeout/i.test(state.message ?? '') ? 'timeout' : 'network',
  );

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
        <div className="text-body-secondary small mb-3">
          <p className="mb-1">
            {t('errors.status', { status: state.status })} — {t(errorMessageKey(failure(state)))}
          </p>
          {state.message ? (
            // the server's own words (often English) stay folded away
            <details>
              <summary>{t('failure.details')}</summary>
              <code className="text-break text-reset">{state.message}</code>
            </details>
          ) : null}
        </div>
      ) : null}
      <a className="btn btn-primary" href={paths.home}>
        {kind === 'sso' ? t('errors.sso.retry') : t('errors.back_home')}
      </a>
    </section>
  );
}
