import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@portal/contract/routes';
import { useCurrentContract, useCurrentUser } from '@/lib/auth/hooks';
import { Icon } from '@/components/ui/icon';
import { MenuButton } from '@/components/ui/menu-button';
import { changeLanguage, LANGUAGES } from '@/lib/i18n';
import type { Theme } from '@/lib/theme';

export function Header({
  theme,
  menuCollapsed,
  menuId,
  menuToggleRef,
  onToggleMenu,
  onOpenPortals,
  onOpenPreferences,
}: {
  theme: Theme;
  menuCollapsed?: boolean;
  menuId?: string;
  menuToggleRef?: Ref<HTMLButtonElement>;
  onToggleMenu?: () => void;
  onOpenPortals?: () => void;
  onOpenPreferences?: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { contract } = useCurrentContract();
  const contractLabel = contract?.label ?? t('shell.no_contract');
  return (
    <header className="app-header d-flex align-items-center gap-3 px-3">
      {onToggleMenu ? (
        <button
          ref={menuToggleRef}
          type="button"
          className="btn btn-header menu-toggle"
          aria-expanded={!menuCollapsed}
          aria-controls={menuId}
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">
            {menuCollapsed ? t('shell.expand_menu') : t('shell.collapse_menu')}
          </span>
        </button>
      ) : null}
      <Link to={paths.home} className="app-brand d-flex align-items-center gap-2 text-decoration-none">
        {theme.primaryLogo ? (
          // the branding comes after the page's own code and data
          <img
            src={theme.primaryLogo}
            alt={t('shell.logo_of', { label: contractLabel })}
            className="contract-logo"
            fetchPriority="low"
          />
        ) : null}
        <span className="app-name">{t('shell.app_name')}</span>
      </Link>
      {theme.secondaryLogo ? (
        // hidden on a phone, where lazy loading leaves it unfetched
        <img
          src={theme.secondaryLogo}
          alt=""
          className="contract-logo secondary d-none d-md-inline"
          loading="lazy"
          fetchPriority="low"
        />
      ) : null}
      <div className="ms-auto d-flex align-items-center gap-2">
        {user ? <ContractSwitcher /> : null}
        {user && onOpenPortals ? (
          <button type="button" className="btn btn-header d-none d-sm-inline-block" onClick={onOpenPortals}>
            {t('portals.open')}
          </button>
        ) : null}
        {user ? <UserMenu onOpenPortals={onOpenPortals} onOpenPreferences={onOpenPreferences} /> : null}
      </div>
    </header>
  );
}

/** The current contract: a menu to switch when the user has several, its name otherwise. */
function ContractSwitcher() {
  const { t } = useTranslation();
  const { contract, contracts, setCurrentContract } = useCurrentContract();
  const contractLabel = contract?.label ?? t('shell.no_contract');
  if (contracts.length <= 1)
    return (
      <span
        className="current-contract"
        aria-label={t('shell.current_contract_label', { label: contractLabel })}
      >
        {contractLabel}
      </span>
    );
  return (
    <MenuButton
      label={<span className="contract-name">{contractLabel}</span>}
      buttonLabel={t('shell.current_contract_label', { label: contractLabel })}
    >
      {(close) => (
        <>
          <h2 className="dropdown-header h6">{t('shell.switch_contract')}</h2>
          <ul className="list-unstyled mb-0">
            {contracts.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`dropdown-item ${c.id === contract?.id ? 'active' : ''}`}
                  aria-current={c.id === contract?.id ? 'true' : undefined}
                  onClick={() => {
                    close();
                    if (c.id !== contract?.id) void setCurrentContract(c.id);
                  }}
                >
                  {c.label}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </MenuButton>
  );
}

/** The signed-in user's menu: profile, portals (small screens), preferences, language, logout. */
function UserMenu({
  onOpenPortals,
  onOpenPreferences,
}: {
  onOpenPortals?: () => void;
  onOpenPreferences?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <MenuButton
      label={
        <>
          <span className="visually-hidden">{t('shell.user_menu')} : </span>
          <span className="user-icon">
            <Icon name="user" />
          </span>
          <span className="user-name">
            {user.firstName} {user.lastName}
          </span>
        </>
      }
    >
      {(close) => (
        <ul className="list-unstyled mb-0">
          <li className="dropdown-header">{user.email}</li>
          <li>
            <Link className="dropdown-item" to={paths.profile} onClick={close}>
              {t('menu.profile')}
            </Link>
          </li>
          {onOpenPortals ? (
            // small screens: the portals panel opens from here, the header has no room for its button
            <MenuAction className="d-sm-none" close={close} onSelect={onOpenPortals}>
              {t('portals.open')}
            </MenuAction>
          ) : null}
          {onOpenPreferences ? (
            <MenuAction close={close} onSelect={onOpenPreferences}>
              {t('preferences.title')}
            </MenuAction>
          ) : null}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li className="dropdown-header">{t('shell.language')}</li>
          {LANGUAGES.map((lng) => (
            <li key={lng}>
              <button
                type="button"
                lang={lng}
                className={`dropdown-item ${i18n.language === lng ? 'active' : ''}`}
                aria-pressed={i18n.language === lng}
                onClick={() => {
                  close();
                  void changeLanguage(lng);
                }}
              >
                {t(`languages.${lng}`)}
              </button>
            </li>
          ))}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <Link className="dropdown-item" to={paths.logout} onClick={close}>
              {t('menu.logout')}
            </Link>
          </li>
        </ul>
      )}
    </MenuButton>
  );
}

/** An item of the user menu that closes the menu, then does its action. */
function MenuAction({
  close,
  onSelect,
  className,
  children,
}: {
  close: () => void;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={className}>
      <button
        type="button"
        className="dropdown-item"
        onClick={() => {
          close();
          onSelect();
        }}
      >
        {children}
      </button>
    </li>
  );
}
