/**
 * Which screen each route pattern loads, each on demand (a chunk of its own). The router reads it,
 * and so do the link prefetch (prefetch.ts), which loads a screen before its link is followed, and
 * startApp (main.tsx), which loads the screen of the address beside the translations.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { paths } from '@portal/contract/routes';

type Screen = LazyRouteFunction<RouteObject>;

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
