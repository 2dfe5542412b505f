import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { clearError, useAppError } from '@/lib/app-state';

const ERROR_PAGES: readonly string[] = Object.values(paths.errors);
const isErrorPage = (pathname: string) => ERROR_PAGES.includes(pathname.replace(/\/+$/, ''));

/** Where an error status leads: 404 and 415 to unknown, 401 to access-denied, anything else to oops. */
export function errorPageFor(status: number | null): string {
  if (status === 404 || status === 415) return paths.errors.unknown;
  if (status === 401) return paths.errors.accessDenied;
  return paths.errors.oops;
}

interface ErrorPageState {
  status: number | null;
  message: string | null;
  from: string;
}

/** The error redirect of portal.md section 2, driven by the global error state. */
export function ErrorRedirect() {
  const error = useAppError();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!error.isError) return;
    clearError();
    if (isErrorPage(pathname)) return;
    const state: ErrorPageState = { status: error.status, message: error.message, from: pathname };
    void navigate(errorPageFor(error.status), { state });
  }, [error, pathname, navigate]);
  return null;
}
