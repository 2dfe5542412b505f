import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { Glyph } from '@/components/ui/icon';
import { useSession } from '@/lib/auth/hooks';
import { activeEntryId, visibleMenu } from './menu';

/** On small screens the menu is a drawer: open or closed, closed by a link or Escape (then focus goes back to the menu button). */
export interface MenuDrawer {
  open: boolean;
  onClose: (refocus: boolean) => void;
}

/** The side menu: grouped by category, collapsible, the active item highlighted. */
export function SideMenu({
  collapsed,
  id,
  drawer,
}: {
  collapsed: boolean;
  id: string;
  drawer?: MenuDrawer | undefined;
}) {
  const { t } = useTranslation();
  const { user, contractId, contract, adminPermissions } = useSession();
  const groups = visibleMenu(user, contractId, contract, adminPermissions);
  const { pathname } = useLocation();
  const activeId = activeEntryId(
    groups.flatMap((g) => g.entries),
    pathname,
  );
  const open = drawer?.open ?? false;
  const onClose = drawer?.onClose;
  useEffect(() => {
    if (!open || !onClose) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  const onFollow = open && onClose ? () => onClose(false) : undefined;
  return (
    <nav
      id={id}
      className={`side-menu ${collapsed ? 'collapsed' : ''} ${drawer ? `drawer ${drawer.open ? 'open' : ''}` : ''}`}
      aria-label={t('menu.label')}
    >
      {groups.map((group) => (
        <div key={group.category} className="side-menu-group">
          <h2 className="side-menu-category" id={`menu-category-${group.category}`}>
            {t(`menu.categories.${group.category}`)}
          </h2>
          <ul className="list-unstyled mb-2" aria-labelledby={`menu-category-${group.category}`}>
            {group.entries.map((entry) => (
              <li key={entry.id}>
                {entry.url ? (
                  <a
                    className="side-menu-link"
                    href={entry.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={collapsed ? t(entry.labelKey) : undefined}
                    onClick={onFollow}
                  >
                    <span className="side-menu-icon" aria-hidden="true">
                      <Glyph icon={entry.icon} />
                    </span>
                    <span className="side-menu-label">{t(entry.labelKey)}</span>
                    <span className="visually-hidden"> ({t('common.new_tab')})</span>
                  </a>
                ) : (
                  <Link
                    className={`side-menu-link ${entry.id === activeId ? 'active' : ''}`}
                    aria-current={entry.id === activeId ? 'page' : undefined}
                    to={entry.to ?? '/'}
                    title={collapsed ? t(entry.labelKey) : undefined}
                    onClick={onFollow}
                  >
                    <span className="side-menu-icon" aria-hidden="true">
                      <Glyph icon={entry.icon} />
                    </span>
                    <span className="side-menu-label">{t(entry.labelKey)}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
