import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Providers } from './providers';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The portal: its providers around the router (made by startApp, before the first render). */
export function App({ router }: { router: AppRouter }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
