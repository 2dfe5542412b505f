/** Test helpers: i18n with the real French resources, a fresh QueryClient, a memory router, a signed-in session. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Contract } from '@portal/contract';
import fr from '../../public/locales/fr/translation.json';
import en from '../../public/locales/en/translation.json';
import { Providers } from '@/app/providers';
import { buildRoutes } from '@/app/router';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

export async function setupI18n() {
  await initI18n({ fr: { translation: fr }, en: { translation: en } }, 'fr');
}

export function contract(id: number, label = `Contrat ${id}`): Contract {
  return { id, label, status: 'ACTIVE', contractMetadatas: { contract_country_code: 'FR' } };
}

export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes({ startSession: false }), { initialEntries: [path] });
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/**
 * Renders a component with the app's providers, a fresh QueryClient (no retries) and a data router
 * of its own (the unsaved-changes guard and links need one).
 */
export function renderWithProviders(node: ReactNode) {
  return renderRouterWithProviders(createMemoryRouter([{ path: '*', element: node }]));
}

/** Renders a test's own data router with the app's providers and a fresh QueryClient (no retries). */
export function renderRouterWithProviders(router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <Providers queryClient={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
