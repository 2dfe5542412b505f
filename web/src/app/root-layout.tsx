import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { startSession } from '@/lib/auth/session';
import { keepAlertsFor } from '@/lib/alerts';
import { trackPageView } from '@/lib/monitoring';
import { useContractTheme } from '@/lib/theme/use-theme';
import { ErrorRedirect } from './guards/error-redirect';

let started: Promise<void> | null = null;

/** Starts the login flow once per page load (a returning ?token= was taken before the router started). */
function useSessionStart(returnedToken: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    started ??= startSession(returnedToken)
      .then((result) => {
        if (result.kind === 'authenticated' && result.navigateTo) void navigate(result.navigateTo, { replace: true });
      })
      .catch((error: unknown) => {
        // the api client has put the failure into the error state, which redirects
        console.warn('session start failed', error);
      });
  }, [navigate, returnedToken]);
}

/** For tests: lets the next render start a new session. */
export function resetSessionStart(): void {
  started = null;
}

export function RootLayout({ returnedToken = false }: { returnedToken?: boolean }) {
  useSessionStart(returnedToken);
  useContractTheme();
  const { pathname } = useLocation();
  useEffect(() => {
    keepAlertsFor(pathname);
    trackPageView(pathname);
  }, [pathname]);
  return (
    <>
      <ErrorRedirect />
      <Outlet />
    </>
  );
}
