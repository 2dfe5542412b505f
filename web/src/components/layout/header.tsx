import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@portal/contract/routes';
import { useCurrentContract, useCurrentUser } from '@/lib/auth/hooks';
import type { Theme } from '@/lib/theme';

export function Header({
  theme,
  menuCollapsed,
  menuId,
  onToggleMenu,
  onOpenPortals,
  onOpenPreferences,
}: {
  theme: Theme;
  menuCollapsed?: boolean;
  menuId?: string;
  onToggleMenu?: () => void;
  onOpenPortals?: () => void;
  onOpenPreferences?: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { contract, contracts, setCurrentContract } = useCurrentContract();
  const contractLabel = contract?.label ?? t('shell.no_contract');
  return (
    <header className="app-header d-flex align-items-center gap-3 px-3">
      {onToggleMenu ? (
        <button
          type="button"
          className="btn btn-header menu-toggle"
          aria-expanded={!menuCollapsed}
          aria-controls={menuId}
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{menuCollapsed ? t('shell.expand_menu') : t('shell.collapse_menu')}</span>
        </button>
      ) : null}
      <Link to={paths.home} className="app-brand d-flex align-items-center gap-2 text-decoration-none">
        {theme.primaryLogo ? <img src={theme.primaryLogo} alt={t('shell.logo_of', { label: contractLabel })} className="contract-logo" /> : null}
        <span className="app-name">{t('shell.app_name')}</span>
      </Link>
      {theme.secondaryLogo ? <img src={theme.secondaryLogo} alt="" className="contract-logo secondary d-none d-md-inline" /> : null}
      <div className="ms-auto d-flex align-items-center gap-2">
        {user ? (
          contracts.length > 1 ? (
            <Dropdown align="end">
              <Dropdown.Toggle variant="header" id="contract-switcher" aria-label={t('shell.current_contract_label', { label: contractLabel })}>
                {contractLabel}
              </Dropdown.Toggle>
              <Dropdown.Menu>
                <Dropdown.Header>{t('shell.switch_contract')}</Dropdown.Header>
                {contracts.map((c) => (
                  <Dropdown.Item
                    key={c.id}
                    as="button"
                    active={c.id === contract?.id}
                    aria-current={c.id === contract?.id ? 'true' : undefined}
                    onClick={() => {
                      if (c.id !== contract?.id) void setCurrentContract(c.id);
                    }}
                  >
                    {c.label}
                  </Dropdown.Item>
                ))}
              </Dropdown.Menu>
            </Dropdown>
          ) : (
            <span className="current-contract" aria-label={t('shell.current_contract_label', { label: contractLabel })}>
              {contractLabel}
            </span>
          )
        ) : null}
        {user && onOpenPortals ? (
          <button type="button" className="btn btn-header" onClick={onOpenPortals}>
            {t('portals.open')}
          </button>
        ) : null}
        {user ? (
          <Dropdown align="end">
            <Dropdown.Toggle variant="header" id="user-menu">
              <span className="visually-hidden">{t('shell.user_menu')}: </span>
              {user.firstName} {user.lastName}
            </Dropdown.Toggle>
            <Dropdown.Menu>
              <Dropdown.Header>{user.email}</Dropdown.Header>
              <Dropdown.Item as={Link} to={paths.profile}>
                {t('menu.profile')}
              </Dropdown.Item>
              {onOpenPreferences ? (
                <Dropdown.Item as="button" onClick={onOpenPreferences}>
                  {t('preferences.title')}
                </Dropdown.Item>
              ) : null}
              <Dropdown.Divider />
              <Dropdown.Item as={Link} to={paths.logout}>
                {t('menu.logout')}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
        ) : null}
      </div>
    </header>
  );
}
