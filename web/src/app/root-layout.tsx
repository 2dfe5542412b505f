import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { startSession } from '@/lib/auth/session';
import { dropAlertsOf } from '@/lib/alerts';
import { recordNavigation } from '@/lib/navigation-history';
import { trackPageView } from '@/lib/monitoring';
import { useContractTheme } from '@/lib/theme/use-theme';
import { useSession } from '@/lib/auth/hooks';
import { ErrorRedirect } from './guards/error-redirect';
import { SignedOut } from './signed-out';

let started: Promise<void> | null = null;

/**
 * Starts the login flow once per page load. A returning ?token= was taken before the router
 * started, with the saved page put in the address, so the router opened that page first.
 */
function useSessionStart(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    started ??= startSession().then(
      () => undefined,
      (error: unknown) => {
        // the api client has put the failure into the error state, which redirects
        console.warn('session start failed', error);
      },
    );
  }, [enabled]);
}

/**
 * Keeps the in-app history in step with the router, and opens every new page at its top (a tab
 * or a page of a list, on the same page, keeps the scroll; Back lets the browser restore it).
 */
function useNavigationTracking() {
  const location = useLocation();
  const type = useNavigationType();
  const shownPath = useRef<string | null>(null);
  useLayoutEffect(() => {
    recordNavigation(location, type);
    const newPage = shownPath.current !== null && shownPath.current !== location.pathname;
    shownPath.current = location.pathname;
    if (newPage && type !== 'POP') window.scrollTo(0, 0);
  }, [location, type]);
}

export function RootLayout({ startSession: start = true }: { startSession?: boolean }) {
  useSessionStart(start);
  useNavigationTracking();
  useContractTheme();
  const { status } = useSession();
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== pathname) dropAlertsOf(previous.current);
    previous.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
  if (status === 'signed-out') return <SignedOut />;
  return (
    <>
      <ErrorRedirect />
      <Outlet />
    </>
  );
}
