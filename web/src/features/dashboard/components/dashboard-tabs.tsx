import { NavLink } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@portal/contract/routes';

/** The two views of the home: the widgets and the map. */
export function DashboardTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dashboard.views')} className="mb-3">
      <ul className="nav nav-tabs">
        <li className="nav-item">
          <NavLink end to={paths.home} className={({ isActive }) => `nav-link ${isActive ? 'active' : ''}`}>
            {t('dashboard.widgets_view')}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink end to={paths.map} className={({ isActive }) => `nav-link ${isActive ? 'active' : ''}`}>
            {t('dashboard.map_view')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
