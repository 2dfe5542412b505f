/**
 * The side menu's entries (territorial-admin.md "Shell navigation"), grouped by category. An entry
 * that opens a route takes that route's rights from the route table; service entries also need the
 * user's service tied to the current contract (grantedForContract). External entries open in a new tab.
 */
import type { Contract } from '@portal/contract';
import {
  grantedForContract,
  grantedInContract,
  type AdminPermission,
  type PermissionSubject,
} from '@portal/contract/permissions';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { matchRoute, paths } from '@portal/contract/routes';
import { runtimeConfig } from '@/config/runtime-config';
import type { TranslationKey } from '@/lib/i18n';

type MenuCategory = 'general' | 'workspaces' | 'operations' | 'tools' | 'administration' | 'account';
const MENU_CATEGORIES: MenuCategory[] = [
  'general',
  'workspaces',
  'operations',
  'tools',
  'administration',
  'account',
];

export interface MenuEntry {
  id: string;
  category: MenuCategory;
  /** translation key */
  labelKey: TranslationKey;
  icon: string;
  /** a portal route */
  to?: string;
  /** an external address, opened in a new tab */
  href?: (contract: Contract | null) => string | null;
  rights: readonly string[];
  /** the grant must also be tied to the current contract */
  contractScoped: boolean;
  /** highlight only on the exact path */
  end?: boolean;
}

const rightsOf = (path: string): readonly string[] => matchRoute(path)?.rights ?? [];

function route(
  id: string,
  category: MenuCategory,
  to: string,
  labelKey: TranslationKey,
  icon: string,
  options: Partial<MenuEntry> = {},
): MenuEntry {
  const rights = rightsOf(to);
  const adminOnly =
    rights.length > 0 &&
    rights.every((r) =>
      [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT, ROLES.SUPER_ADMIN_ORGANIZATION].includes(r as never),
    );
  return {
    id,
    category,
    to,
    labelKey,
    icon,
    rights,
    contractScoped: rights.length > 0 && !adminOnly,
    ...options,
  };
}

function metadata(contract: Contract | null, key: string): string | null {
  const value = contract?.contractMetadatas[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

export const MENU: readonly MenuEntry[] = [
  route('home', 'general', paths.home, 'menu.home', '⌂', { end: true }),
  route('map', 'general', paths.map, 'menu.map', '◎'),
  route('trends', 'workspaces', paths.powerBiTrends, 'menu.trends', '↗'),
  route('power-bi', 'workspaces', paths.powerBi, 'menu.power_bi', '▦', { end: true }),
  route('things-board', 'workspaces', paths.thingsBoard, 'menu.things_board', '◈'),
  route('signals', 'operations', paths.signals.list, 'menu.signals', '⚑'),
  route('signal-create', 'operations', paths.signals.create, 'menu.signal_create', '+'),
  route('requests', 'operations', paths.requests.list, 'menu.requests', '✉'),
  route('request-create', 'operations', paths.requests.choose, 'menu.request_create', '+'),
  route('works', 'operations', paths.works.list, 'menu.works', '⚒'),
  route('work-create', 'operations', paths.works.create, 'menu.work_create', '+'),
  route('my-site', 'operations', paths.mySite, 'menu.my_site', '⌂'),
  route('calendar', 'operations', paths.calendar.list, 'menu.calendar', '▤'),
  {
    id: 'things-board-portal',
    category: 'tools',
    labelKey: 'menu.things_board_portal',
    icon: '↗',
    href: (c) => metadata(c, 'thingsBoardUrl'),
    rights: [ROLES.SUPER_ADMIN_PORTAL_THINGS_BOARD],
    contractScoped: false,
  },
  {
    id: 'open-api',
    category: 'tools',
    labelKey: 'menu.open_api',
    icon: '↗',
    href: (c) => metadata(c, 'openApiUrl'),
    rights: [ROLES.SUPER_ADMIN_PORTAL_OPEN_API],
    contractScoped: false,
  },
  {
    id: 'document-manager',
    category: 'tools',
    labelKey: 'menu.document_manager',
    icon: '↗',
    href: (c) => metadata(c, 'mayanUrl') ?? runtimeConfig().documentServiceUrl,
    rights: [ROLES.VA_GEST_DOC],
    contractScoped: true,
  },
  {
    id: 'metabase',
    category: 'tools',
    labelKey: 'menu.metabase',
    icon: '↗',
    href: (c) => metadata(c, 'metabaseUrl'),
    rights: [ROLES.VA_METABASE_REQUESTER],
    contractScoped: false,
  },
  route('admin-contracts', 'administration', paths.admin.contracts, 'menu.admin_contracts', '☰'),
  route('admin-territorial', 'administration', paths.admin.territorial, 'menu.admin_territorial', '⚙'),
  route('profile', 'account', paths.profile, 'menu.profile', '☺'),
  route('terms', 'account', paths.terms, 'menu.terms', '§'),
  route('legal', 'account', paths.legalNotice, 'menu.legal', '§'),
  route('accessibility', 'account', paths.accessibility, 'menu.accessibility', '§'),
  route('cookies', 'account', paths.cookies, 'menu.cookies', '§'),
  route('logout', 'account', paths.logout, 'menu.logout', 'power'),
];

/**
 * The one entry to highlight for an address: the entry whose route is the longest start of it
 * (/demande/nouvelle-demande/12 is 'Nouvelle demande', not 'Demandes' too); null when none.
 */
export function activeEntryId(entries: readonly MenuEntry[], pathname: string): string | null {
  let best: MenuEntry | null = null;
  for (const entry of entries) {
    const to = entry.to;
    if (!to) continue;
    const matches = pathname === to || (!entry.end && pathname.startsWith(to.endsWith('/') ? to : `${to}/`));
    if (matches && (!best || to.length > (best.to ?? '').length)) best = entry;
  }
  return best?.id ?? null;
}

/** `permissions`: the admin rights per contract; an admin entry shows only where the user administers. */
function isEntryVisible(
  entry: MenuEntry,
  user: PermissionSubject | null,
  contractId: number | null,
  permissions?: readonly AdminPermission[] | null,
): boolean {
  if (!user) return false;
  if (entry.rights.length === 0) return true;
  return entry.contractScoped
    ? grantedForContract(user, entry.rights, contractId)
    : grantedInContract(user, permissions, entry.rights, contractId);
}

export interface MenuGroup {
  category: MenuCategory;
  entries: (MenuEntry & { url?: string })[];
}

/** The visible entries, grouped by category (empty categories left out). */
export function visibleMenu(
  user: PermissionSubject | null,
  contractId: number | null,
  contract: Contract | null,
  permissions?: readonly AdminPermission[] | null,
): MenuGroup[] {
  return MENU_CATEGORIES.map((category) => ({
    category,
    entries: MENU.filter(
      (e) => e.category === category && isEntryVisible(e, user, contractId, permissions),
    ).flatMap((e) => {
      if (!e.href) return [e];
      const url = e.href(contract);
      return url ? [{ ...e, url }] : [];
    }),
  })).filter((group) => group.entries.length > 0);
}
