import { z } from 'zod';
import { label, metadataMap } from './common.ts';
import { FAVICON, LOGO, acceptedImageType } from '../constants.ts';

/** Contract statuses are not shown in the spec: these three cover the three contract lists. */
export const contractStatus = z.enum(['TO_FINALIZE', 'ACTIVE', 'ARCHIVED']);
export type ContractStatus = z.infer<typeof contractStatus>;

export const contractMetadatas = z
  .object({
    primaryLogo: z.string().nullable().optional(),
    secondaryLogo: z.string().nullable().optional(),
    primaryColor: z.string().nullable().optional(),
    secondaryColor: z.string().nullable().optional(),
    theme: z.enum(['default', 'alternate']).optional(),
    contract_country_code: z.string().default('FR'),
    metabaseUrl: z.string().nullable().optional(),
    mayanUrl: z.string().nullable().optional(),
    realm: z.string().nullable().optional(),
    contractUrl: z.string().nullable().optional(),
    /** the Things Board portal and the open API site, opened in a new tab from the shell's tools */
    thingsBoardUrl: z.string().nullable().optional(),
    openApiUrl: z.string().nullable().optional(),
  })
  .catchall(z.string().nullable());

export const contract = z.object({
  id: z.number().int(),
  label: z.string(),
  status: contractStatus,
  contractMetadatas,
  createdBy: z.number().int().nullable().optional(),
});
export type Contract = z.infer<typeof contract>;

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'expected a colour such as #f0f0f0');
export const contractCreate = z.object({
  label,
  status: contractStatus.default('TO_FINALIZE'),
  contractMetadatas: z
    .object({
      primaryColor: hexColor.optional(),
      secondaryColor: hexColor.optional(),
      primaryLogo: z.string().max(2048).optional(),
      secondaryLogo: z.string().max(2048).optional(),
      contract_country_code: z.enum(['FR', 'TN']).default('FR'),
      realm: z.string().max(255).optional(),
      contractUrl: z.string().max(2048).optional(),
      mayanUrl: z.string().max(2048).optional(),
      metabaseUrl: z.string().max(2048).optional(),
      theme: z.enum(['default', 'alternate']).optional(),
    })
    .default({ contract_country_code: 'FR' }),
});
export type ContractCreate = z.infer<typeof contractCreate>;

/** Site configuration (per contract). */
export const siteConfiguration = z.object({
  id: z.number().int(),
  documentTitle: z.string(),
  faviconOnglet: z.string().nullable(),
  contract: z.object({ id: z.number().int() }),
});
export type SiteConfiguration = z.infer<typeof siteConfiguration>;
const FAVICON_DATA_URL = /^data:([a-z.+-]+\/[a-z.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * A favicon address, decided by parsing it as a browser would (which drops tabs and line breaks, so
 * `java<TAB>script:` is `javascript:`): an https address, a path of the portal (`/assets/...`, the
 * scenarios' own), or an http address of the local machine (the mock's assets in development).
 */
function isFaviconAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value, 'https://portal.invalid');
  } catch {
    return false;
  }
  if (url.origin === 'https://portal.invalid') return /^\/(?![/\\])/.test(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
}

/**
 * An image of the contract's theme: an address (≤ 2,048 characters), or an image file of the
 * accepted types (portal.md section 5) as a base64 data URL of at most `maxBytes`.
 */
function themeImage(maxBytes: number, what: string) {
  const tooLarge = `the ${what} is larger than ${maxBytes / 1024} KiB`;
  return z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3) + 64, tooLarge)
    .superRefine((value, ctx) => {
      if (!value.startsWith('data:')) {
        if (value.length > 2048)
          ctx.addIssue({ code: 'custom', message: 'an address of at most 2,048 characters' });
        else if (!isFaviconAddress(value))
          ctx.addIssue({ code: 'custom', message: 'an https address or a path of the portal' });
        return;
      }
      const match = FAVICON_DATA_URL.exec(value);
      const type = match?.[1] ?? '';
      if (!match || !acceptedImageType(type)) {
        ctx.addIssue({
          code: 'custom',
          message: `a PNG, JPEG, GIF, ICO, SVG, TIFF or WebP image as a base64 data URL, not ${type || 'this'}`,
        });
        return;
      }
      const base64 = match[2] ?? '';
      const bytes = (base64.length * 3) / 4 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
      if (bytes > maxBytes) ctx.addIssue({ code: 'custom', message: tooLarge });
    });
}

/** The favicon of a site configuration: an address (≤ 2,048 characters), or an image file as a data URL. */
export const favicon = themeImage(FAVICON.maxBytes, 'favicon');

/** A contract's primary or secondary logo: an address, or an image file as a data URL. */
export const logo = themeImage(LOGO.maxBytes, 'logo');

/** The address of a tool the shell opens in a new tab: an http or https address. */
const toolAddress = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'an http or https address');

/**
 * The contract's theme and tools, as an administrator changes them (portal.md section 1: "Each
 * contract can set a theme: logos, colours, page title and favicon"; the title and favicon are the
 * site configuration's): a key left out stays as it is, null removes it.
 */
export const contractThemeInput = z.object({
  primaryColor: hexColor.nullable().optional(),
  secondaryColor: hexColor.nullable().optional(),
  primaryLogo: logo.nullable().optional(),
  secondaryLogo: logo.nullable().optional(),
  thingsBoardUrl: toolAddress.nullable().optional(),
  openApiUrl: toolAddress.nullable().optional(),
});
export type ContractThemeInput = z.infer<typeof contractThemeInput>;

export const siteConfigurationInput = z.object({
  documentTitle: z.string().trim().min(1).max(255),
  faviconOnglet: favicon.nullable().optional(),
});

/** What the portal reads for the permissions redirect check: each contract's own address. */
export const contractInfo = z.object({
  defaultUrl: z.string().nullable(),
  contracts: z.array(
    z.object({ id: z.number().int(), label: z.string(), contractUrl: z.string().nullable() }),
  ),
});

/** The portal configuration of a site code: its title, favicon and theme before a contract is chosen. */
export const portalConfiguration = z.object({
  siteCode: z.string(),
  documentTitle: z.string(),
  faviconOnglet: z.string().nullable(),
  theme: z.enum(['default', 'alternate']),
  metadatas: metadataMap,
});
