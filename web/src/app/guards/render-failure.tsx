import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { MAIN_ID } from '@/components/layout/skip-link';
import { ErrorPage } from '@/features/errors/components/error-page';

/**
 * What a page that could not be drawn shows, in place of React Router's own message: the code of a
 * screen or of a part loaded on demand could not be fetched (the network dropped it), or a screen
 * threw. The oops page of portal.md, whose link home reloads the portal.
 */
export function RenderFailure() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <main id={MAIN_ID} className="app-main container py-4" tabIndex={-1}>
      <ErrorPage kind="oops" />
    </main>
  );
}
