import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { startSession } from '@/lib/auth/session';
import { dropAlertsOf } from '@/lib/alerts';
import { trackPageView } from '@/lib/monitoring';
import { useContractTheme } from '@/lib/theme/use-theme';
import { ErrorRedirect } from './guards/error-redirect';

let started: Promise<void> | null = null;

/** Starts the login flow once per page load (a returning ?token= was taken before the router started). */
function useSessionStart(returnedToken: boolean, enabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    started ??= startSession(returnedToken)
      .then((result) => {
        if (result.kind === 'authenticated' && result.navigateTo)
          void navigate(result.navigateTo, { replace: true });
      })
      .catch((error: unknown) => {
        // the api client has put the failure into the error state, which redirects
        console.warn('session start failed', error);
      });
  }, [navigate, returnedToken, enabled]);
}

/** For tests: lets the next render start a new session. */
export function resetSessionStart(): void {
  started = null;
}

export function RootLayout({
  returnedToken = false,
  startSession: start = true,
}: {
  returnedToken?: boolean;
  startSession?: boolean;
}) {
  useSessionStart(returnedToken, start);
  useContractTheme();
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== pathname) dropAlertsOf(previous.current);
    previous.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
  return (
    <>
      <ErrorRedirect />
      <Outlet />
    </>
  );
}
