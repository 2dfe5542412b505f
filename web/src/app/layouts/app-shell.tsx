import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { FlashAlerts } from '@/components/ui/alerts';
import { Toaster } from '@/components/ui/toaster';
import { UnsavedInputGuard } from '@/components/ui/unsaved-input-guard';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { Header } from '@/components/layout/header';
import { SideMenu } from '@/components/layout/side-menu';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import type { WidgetPreferencesTab } from '@/components/layout/widget-preferences-modal';
import { useIsLoading } from '@/lib/app-state';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useSession } from '@/lib/auth/hooks';
import { usePermissionsRecheck } from '@/lib/auth/permissions';
import { useContractTheme } from '@/lib/theme/use-theme';
import { useLinkPrefetch } from '../prefetch';
import { PublicLayout } from './public-layout';
import { useOfflineStart } from './use-offline-start';

const MENU_ID = 'side-menu';

// loaded on first use: the home page does not pay for modals
const PortalsPanel = lazy(() =>
  import('@/components/layout/portals-panel').then((m) => ({ default: m.PortalsPanel })),
);
const WidgetPreferencesModal = lazy(() =>
  import('@/components/layout/widget-preferences-modal').then((m) => ({ default: m.WidgetPreferencesModal })),
);

/** The signed-in shell: header, side menu, main. A public page shows it once the user is signed in. */
export function AppShell({ publicPage = false }: { publicPage?: boolean }) {
  const { t } = useTranslation();
  const { status } = useSession();
  usePermissionsRecheck();
  useLinkPrefetch();
  const theme = useContractTheme();
  const loading = useIsLoading();
  // wide screens: the menu beside the page, collapsible to its icons; small screens: a drawer over
  // the page, closed until the menu button opens it, closed again by a link, Escape or the backdrop
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = (refocus: boolean) => {
    setDrawerOpen(false);
    if (refocus) toggleRef.current?.focus();
  };
  const [portals, setPortals] = useState(false);
  const [portalsUsed, setPortalsUsed] = useState(false);
  const [preferencesUsed, setPreferencesUsed] = useState(false);
  const [preferences, setPreferences] = useState<{ show: boolean; tab: WidgetPreferencesTab }>({
    show: false,
    tab: 'widgets',
  });
  const offline = useOfflineStart(status === 'ready');
  if (publicPage && status !== 'ready') return <PublicLayout />;
  return (
    <div className={`app-shell ${!narrow && collapsed ? 'menu-collapsed' : ''}`}>
      <SkipLink />
      <Header
        theme={theme}
        menuCollapsed={narrow ? !drawerOpen : collapsed}
        menuId={MENU_ID}
        menuToggleRef={toggleRef}
        onToggleMenu={() => (narrow ? setDrawerOpen((open) => !open) : setCollapsed((c) => !c))}
        onOpenPortals={() => {
          setPortalsUsed(true);
          setPortals(true);
        }}
        onOpenPreferences={() => {
          setPreferencesUsed(true);
          setPreferences({ show: true, tab: 'widgets' });
        }}
      />
      {/* a zero-height slot: the bar overlays the top of the body, which never moves when it comes and goes */}
      <div className="loading-bar-slot">
        {loading ? <div className="loading-bar" role="progressbar" aria-label={t('common.loading')} /> : null}
      </div>
      <div className="app-body">
        <SideMenu
          collapsed={!narrow && collapsed}
          id={MENU_ID}
          drawer={narrow ? { open: drawerOpen, onClose: closeDrawer } : undefined}
        />
        {narrow && drawerOpen ? (
          <button
            type="button"
            className="side-menu-backdrop"
            tabIndex={-1}
            aria-label={t('shell.collapse_menu')}
            onClick={() => closeDrawer(false)}
          />
        ) : null}
        <main id={MAIN_ID} className="app-main" tabIndex={-1}>
          {offline.badge}
          <Breadcrumb />
          <FlashAlerts />
          <Outlet />
        </main>
        <Toaster />
      </div>
      {offline.prompt}
      <UnsavedInputGuard />
      <Suspense fallback={null}>
        {portalsUsed ? <PortalsPanel show={portals} onHide={() => setPortals(false)} /> : null}
        {preferencesUsed ? (
          <WidgetPreferencesModal
            show={preferences.show}
            tab={preferences.tab}
            onTabChange={(tab) => setPreferences((p) => ({ ...p, tab }))}
            onHide={() => setPreferences((p) => ({ ...p, show: false }))}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
