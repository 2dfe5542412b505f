/**
 * The route table: every route of portal.md section 2, exact match, each loaded on demand, its
 * rights taken from `routeRules` of @portal/contract (never written twice). Unknown paths go home,
 * with a message saying the page does not exist.
 * Each screen lives in its feature folder and exports `Component`.
 */
import type { RouteObject } from 'react-router-dom';
import { paths, routeRules, type RouteRule } from '@portal/contract/routes';
import { LoadingScreen } from '@/components/ui/spinner';
import { RootLayout } from './root-layout';
import { ContractGate } from './guards/contract-gate';
import { RightsGuard, type RouteHandle } from './guards/rights-guard';
import { AppShell } from './layouts/app-shell';
import { UnknownPath } from './guards/unknown-path';
import { RenderFailure } from './guards/render-failure';
import { PublicLayout } from './layouts/public-layout';
import { screens } from './screens';

export { screens };

const ERROR_PATHS: readonly string[] = Object.values(paths.errors);

/** The signed-in screens that work without a current contract; every other one reads useContractId(). */
const CONTRACT_FREE: readonly string[] = [
  // the dashboard and the map show what they can without one (a plain user may have no contract yet)
  paths.home,
  paths.map,
  paths.logout,
  paths.profile,
  paths.admin.contracts,
  paths.admin.myContracts,
  paths.admin.toFinalize,
  paths.admin.createContract,
  paths.admin.createContractDone,
  paths.admin.contract,
  ...Object.values(paths.adminDetail).map((sub) => `${paths.admin.contract}${sub}`),
  // the industrial site screens take their contract from ?contrat= when opened from a contract's details
  paths.admin.industrialSiteCreate,
  paths.admin.industrialSite,
  paths.admin.industrialSiteContactNew,
  paths.admin.industrialSiteContact,
];

function toRoute(rule: RouteRule): RouteObject {
  const lazy = screens[rule.path];
  if (!lazy) throw new Error(`no screen for the route ${rule.path}`);
  const handle: RouteHandle = { rule, needsContract: !rule.public && !CONTRACT_FREE.includes(rule.path) };
  return { path: rule.path, lazy, handle };
}

const errorRoutes = routeRules.filter((r) => ERROR_PATHS.includes(r.path)).map(toRoute);
const publicRoutes = routeRules.filter((r) => r.public && !ERROR_PATHS.includes(r.path)).map(toRoute);
const signedInRoutes = routeRules.filter((r) => !r.public).map(toRoute);

export function buildRoutes(options: { startSession?: boolean } = {}): RouteObject[] {
  return [
    {
      element: <RootLayout startSession={options.startSession ?? true} />,
      HydrateFallback: LoadingScreen,
      ErrorBoundary: RenderFailure,
      children: [
        { element: <PublicLayout />, children: errorRoutes },
        // legal pages: in the shell once signed in, outside the contract gate
        { element: <AppShell publicPage />, children: publicRoutes },
        {
          element: <ContractGate />,
          children: [
            { element: <AppShell />, children: [{ element: <RightsGuard />, children: signedInRoutes }] },
          ],
        },
        { path: '*', element: <UnknownPath /> },
      ],
    },
  ];
}
