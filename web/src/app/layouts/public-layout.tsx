import { Link, Outlet } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@portal/contract/routes';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';

/** The layout of the pages outside the signed-in shell (error pages, legal pages before sign-in). */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <SkipLink />
      <header className="app-header d-flex align-items-center px-3">
        <a href={paths.home} className="app-brand text-decoration-none">
          <span className="app-name">{t('shell.app_name')}</span>
        </a>
      </header>
      <main id={MAIN_ID} className="app-main container py-4" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="public-footer container pb-4 small">
        <nav aria-label={t('shell.footer_links')} className="d-flex flex-wrap gap-3">
          <Link to={paths.legalNotice}>{t('menu.legal')}</Link>
          <Link to={paths.accessibility}>{t('menu.accessibility')}</Link>
          <Link to={paths.terms}>{t('menu.terms')}</Link>
          <Link to={paths.cookies}>{t('menu.cookies')}</Link>
        </nav>
      </footer>
    </div>
  );
}
