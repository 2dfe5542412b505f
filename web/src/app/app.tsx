import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { buildRoutes } from './router';

export function App({ returnedToken }: { returnedToken: boolean }) {
  const [router] = useState(() => createBrowserRouter(buildRoutes({ returnedToken })));
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
