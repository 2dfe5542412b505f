/** Business constants and limits of portal.md section 9 and territorial-admin.md section 9. */
export const PAGING = {
  defaultPage: 1,
  defaultItemsPerPage: 20,
  notificationsPerPage: 20,
  allItems: 9999,
  pageRange: 5,
  organizationServicesPerPage: 20,
} as const;

/** The longest label or short text the backend stores (a VARCHAR(255) column). */
export const TEXT_MAX_LENGTH = 255;

/**
 * The lengths of the longer texts (the schemas use them): a form sets its fields' `maxLength` from
 * these numbers, without loading the schemas (and zod) to paint.
 */
export const TEXT_LIMITS = {
  statusComment: 2000,
  requestTitle: TEXT_MAX_LENGTH,
  requestDescription: 4000,
  requestAddress: 500,
} as const;

export const DEFAULT_COUNTRY_CODE = 'FR';
export const COUNTRIES = [
  { code: 'FR', label: 'France' },
  { code: 'TN', label: 'Tunisie' },
] as const;

export const MAP = {
  center: { lat: 47.322047, lng: 5.04148 },
  zoom: 6,
  minZoom: 6,
  maxZoom: 18,
  franceBounds: [
    [42.252918, -5.009766],
    [51.193115, 8.481445],
  ] as [[number, number], [number, number]],
  fitBoundsDelayMs: 1000,
  defaultTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
} as const;

export const WIDGETS = {
  hydroInterval: 4,
  hydroMax: 12,
  signalTopCategoryLength: 5,
} as const;

export const DASHBOARD_GRID = {
  margin: 24,
  rowHeight: 126,
  breakpoints: { lg: 1200, md: 768, xs: 0 },
  cols: { lg: 12, md: 6, xs: 3 },
} as const;

export const INDUSTRIAL_SITE_CAROUSEL_HEIGHT = 360;

export const USER_CONFIG = {
  portalConfiguration: 'portal_configuration',
  currentContractKey: 'current_contract',
  displayedWidgets: 'displayed_widgets',
  widgetsGridLayout: 'widgets_grid_layout',
} as const;

export const RUM = {
  sessionSampleRate: 100,
  sessionReplaySampleRate: 20,
  defaultPrivacyLevel: 'mask-user-input',
} as const;

export const MUNICIPALITY_SEARCH = { perPage: 100, maxOptions: 15, debounceMs: 500, minLength: 3 } as const;

export const FALLBACK_LANGUAGE = 'fr';
export const TRANSLATION_NAMESPACE = 'translation';

/** Checks the add-organization rule: start and end present for operators, start not after end. */
export function dateRangeError(start?: string | null, end?: string | null): 'empty' | 'bad-range' | null {
  if (!start || !end) return 'empty';
  return start.slice(0, 10) > end.slice(0, 10) ? 'bad-range' : null;
}

/** Entry codes for external services are the upper-cased camel-case form of the label. */
export function entryCode(label: string): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return camel.toUpperCase();
}

/**
 * The accepted image types (portal.md section 5), the one list for signal photos, industrial-site
 * photos, logos and favicons: the portal checks a file against it before sending anything, the
 * mock refuses anything else.
 */
export const IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/x-icon',
  'image/svg+xml',
  'image/tiff',
  'image/webp',
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Other names browsers and tools give the same types (an .ico file is image/vnd.microsoft.icon in some). */
const IMAGE_TYPE_ALIASES: Readonly<Record<string, ImageType>> = {
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

/** The accepted type a file's type names (its alias resolved), or null when it is not one of them. */
export function acceptedImageType(type: string): ImageType | null {
  const lowered = type.trim().toLowerCase();
  if ((IMAGE_TYPES as readonly string[]).includes(lowered)) return lowered as ImageType;
  return IMAGE_TYPE_ALIASES[lowered] ?? null;
}

/** The largest photo (signal, industrial site) the backend takes. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A file input's `accept`: the accepted types and their aliases. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...Object.keys(IMAGE_TYPE_ALIASES)].join(',');

/** A favicon chosen as a file travels as a data URL, small (the tab shows 16 to 48 px); its types are IMAGE_TYPES. */
export const FAVICON = {
  maxBytes: 64 * 1024,
} as const;

/** A contract's logo chosen as a file travels as a data URL too, larger than a favicon (a header's height); its types are IMAGE_TYPES. */
export const LOGO = {
  maxBytes: 256 * 1024,
} as const;

/**
 * The request header of a write that may be sent again (IETF draft-ietf-httpapi-idempotency-key-header):
 * the endpoints marked `idempotent` take it.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The answer header of a call answered again from its key's first result. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a server keeps the first answer of a key: 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The types of an industrial site. */
export const INDUSTRIAL_SITE_TYPES = [
  { code: 'WWTP', label: "Station d'épuration" },
  { code: 'DWTP', label: "Usine de production d'eau potable" },
  { code: 'ICPE', label: 'Installation classée' },
  { code: 'FACTORY', label: 'Site industriel raccordé' },
] as const;
