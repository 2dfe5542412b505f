/**
 * The breadcrumb of a sub-page, from the route table: the routes above the address that are
 * places of their own (lists and details, not creation screens), each with its label.
 */
import { matchRoute, paths } from '@portal/contract/routes';
import type { TranslationKey } from '@/lib/i18n';

export interface Crumb {
  to: string;
  labelKey: TranslationKey;
}

/** The pages a breadcrumb may pass through, and what they are called. */
const PLACES: Record<string, TranslationKey> = {
  [paths.signals.list]: 'menu.signals',
  [paths.requests.list]: 'menu.requests',
  [paths.requests.choose]: 'menu.request_create',
  [paths.works.list]: 'menu.works',
  [paths.calendar.list]: 'calendar.list_title',
  [paths.calendar.detail]: 'breadcrumb.calendar',
  [paths.calendar.event]: 'breadcrumb.event',
  [paths.admin.contracts]: 'menu.admin_contracts',
  [paths.admin.contract]: 'breadcrumb.contract',
  [paths.admin.territorial]: 'menu.admin_territorial',
  [paths.admin.industrialSite]: 'breadcrumb.industrial_site',
};

/** The places above a path, from the top; empty for a page at the top level. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const trail: Crumb[] = [];
  for (let n = 1; n < segments.length; n += 1) {
    const to = `/${segments.slice(0, n).join('/')}`;
    const labelKey = PLACES[matchRoute(to)?.path ?? ''];
    if (labelKey) trail.push({ to, labelKey });
  }
  return trail;
}
