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
import { PublicLayout } from './layouts/public-layout';

type Screen = NonNullable<RouteObject['lazy']>;

const detail = paths.adminDetail;
const contractBase = paths.admin.contract;
const territorialBase = paths.admin.territorial;

/** Which screen each route pattern loads. */
export const screens: Record<string, Screen> = {
  [paths.home]: () => import('@/features/dashboard/routes/home'),
  [paths.map]: () => import('@/features/dashboard/routes/map'),
  [paths.logout]: () => import('@/features/session/routes/logout'),
  [paths.signals.list]: () => import('@/features/signals/routes/signal-list'),
  [paths.signals.create]: () => import('@/features/signals/routes/signal-create'),
  [paths.signals.detail]: () => import('@/features/signals/routes/signal-detail'),
  [paths.requests.list]: () => import('@/features/requests/routes/request-list'),
  [paths.requests.choose]: () => import('@/features/requests/routes/request-choose-type'),
  [paths.requests.draft]: () => import('@/features/requests/routes/request-draft'),
  [paths.requests.fromSignal]: () => import('@/features/requests/routes/request-from-signal'),
  [paths.requests.detail]: () => import('@/features/requests/routes/request-detail'),
  [paths.powerBi]: () => import('@/features/bi/routes/power-bi'),
  [paths.powerBiTrends]: () => import('@/features/bi/routes/power-bi-trends'),
  [paths.thingsBoard]: () => import('@/features/iot/routes/things-board'),
  [paths.profile]: () => import('@/features/profile/routes/my-profile'),
  [paths.mySite]: () => import('@/features/industrial-sites/routes/my-site'),
  [paths.works.list]: () => import('@/features/public-works/routes/work-list'),
  [paths.works.create]: () => import('@/features/public-works/routes/work-create'),
  [paths.works.detail]: () => import('@/features/public-works/routes/work-detail'),
  [paths.works.edit]: () => import('@/features/public-works/routes/work-edit'),
  [paths.calendar.list]: () => import('@/features/calendar/routes/calendar-list'),
  [paths.calendar.detail]: () => import('@/features/calendar/routes/calendar-detail'),
  [paths.calendar.newEvent]: () => import('@/features/calendar/routes/calendar-event'),
  [paths.calendar.event]: () => import('@/features/calendar/routes/calendar-event-detail'),
  [paths.calendar.editEvent]: () => import('@/features/calendar/routes/calendar-event-edit'),
  [paths.legalNotice]: () => import('@/features/legal/routes/legal-notice'),
  [paths.accessibility]: () => import('@/features/legal/routes/accessibility-statement'),
  [paths.terms]: () => import('@/features/legal/routes/terms-of-use'),
  [paths.cookies]: () => import('@/features/legal/routes/cookie-statement'),
  [paths.errors.unknown]: () => import('@/features/errors/routes/unknown'),
  [paths.errors.accessDenied]: () => import('@/features/errors/routes/access-denied'),
  [paths.errors.oops]: () => import('@/features/errors/routes/oops'),
  [paths.errors.sso]: () => import('@/features/errors/routes/sso'),
  [paths.admin.contracts]: () => import('@/features/contracts/routes/contract-lists'),
  [paths.admin.myContracts]: () => import('@/features/contracts/routes/contract-lists'),
  [paths.admin.toFinalize]: () => import('@/features/contracts/routes/contract-lists'),
  [paths.admin.createContract]: () => import('@/features/contracts/routes/contract-create'),
  [paths.admin.createContractDone]: () => import('@/features/contracts/routes/contract-create-done'),
  [paths.admin.contract]: () => import('@/features/territorial-admin/routes/contract-detail'),
  [paths.admin.territorial]: () => import('@/features/territorial-admin/routes/territorial-management'),
  [paths.admin.industrialSiteCreate]: () => import('@/features/industrial-sites/routes/site-create'),
  [paths.admin.industrialSite]: () => import('@/features/industrial-sites/routes/site-edit'),
  // contact creation and edition share one screen
  [paths.admin.industrialSiteContactNew]: () => import('@/features/industrial-sites/routes/site-contact'),
  [paths.admin.industrialSiteContact]: () => import('@/features/industrial-sites/routes/site-contact'),
  // the detail sub-routes, under both the contract details route and the territorial route
  [`${contractBase}${detail.area}`]: () => import('@/features/territorial-admin/routes/area-detail'),
  [`${territorialBase}${detail.area}`]: () => import('@/features/territorial-admin/routes/area-detail'),
  [`${contractBase}${detail.organization}`]: () =>
    import('@/features/territorial-admin/routes/organization-detail'),
  [`${territorialBase}${detail.organization}`]: () =>
    import('@/features/territorial-admin/routes/organization-detail'),
  [`${contractBase}${detail.operator}`]: () => import('@/features/territorial-admin/routes/operator-detail'),
  [`${territorialBase}${detail.operator}`]: () =>
    import('@/features/territorial-admin/routes/operator-detail'),
  [`${contractBase}${detail.user}`]: () => import('@/features/territorial-admin/routes/user-detail'),
  [`${territorialBase}${detail.user}`]: () => import('@/features/territorial-admin/routes/user-detail'),
};

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
  ...Object.values(paths.adminDetail).map((sub) => `${contractBase}${sub}`),
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

export function buildRoutes(
  options: { returnedToken?: boolean; startSession?: boolean } = {},
): RouteObject[] {
  return [
    {
      element: (
        <RootLayout
          returnedToken={options.returnedToken ?? false}
          startSession={options.startSession ?? true}
        />
      ),
      HydrateFallback: LoadingScreen,
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
