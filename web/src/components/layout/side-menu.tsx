import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Glyph } from '@/components/ui/icon';
import { useSession } from '@/lib/auth/hooks';
import { visibleMenu } from './menu';

/** The side menu: grouped by category, collapsible, the active item highlighted. */
export function SideMenu({ collapsed, id }: { collapsed: boolean; id: string }) {
  const { t } = useTranslation();
  const { user, contractId, contract } = useSession();
  const groups = visibleMenu(user, contractId, contract);
  return (
    <nav id={id} className={`side-menu ${collapsed ? 'collapsed' : ''}`} aria-label={t('menu.label')}>
      {groups.map((group) => (
        <div key={group.category} className="side-menu-group">
          <h2 className="side-menu-category" id={`menu-category-${group.category}`}>
            {t(`menu.categories.${group.category}`)}
          </h2>
          <ul className="list-unstyled mb-2" aria-labelledby={`menu-category-${group.category}`}>
            {group.entries.map((entry) => (
              <li key={entry.id}>
                {entry.url ? (
                  <a className="side-menu-link" href={entry.url} target="_blank" rel="noopener noreferrer" title={collapsed ? t(entry.labelKey) : undefined}>
                    <span className="side-menu-icon" aria-hidden="true">
                      <Glyph icon={entry.icon} />
                    </span>
                    <span className="side-menu-label">{t(entry.labelKey)}</span>
                    <span className="visually-hidden"> ({t('common.new_tab')})</span>
                  </a>
                ) : (
                  <NavLink
                    className={({ isActive }) => `side-menu-link ${isActive ? 'active' : ''}`}
                    to={entry.to ?? '/'}
                    end={entry.end ?? false}
                    title={collapsed ? t(entry.labelKey) : undefined}
                  >
                    <span className="side-menu-icon" aria-hidden="true">
                      <Glyph icon={entry.icon} />
                    </span>
                    <span className="side-menu-label">{t(entry.labelKey)}</span>
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
