import { useTranslation } from '@/lib/i18n';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { usePageTitle } from '@/components/ui/page-title';
import { breadcrumbTrail } from './breadcrumb-trail';

/** Home › the places above › this page, on every sub-page (a detail, an edit, a step). */
export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = usePageTitle();
  const trail = breadcrumbTrail(pathname);
  if (trail.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumb.label')} className="app-breadcrumb">
      <ol className="breadcrumb small mb-2">
        <li className="breadcrumb-item">
          <Link to={paths.home}>{t('menu.home')}</Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.to} className="breadcrumb-item">
            <Link to={crumb.to}>{t(crumb.labelKey)}</Link>
          </li>
        ))}
        {title ? (
          <li className="breadcrumb-item active" aria-current="page">
            {title}
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
