/**
 * Theme (portal.md section 4): the contract's title, favicon, two colours and two logos apply from
 * the site configuration and the contract metadata; a body class picks the default or the alternate theme.
 */
import type { Contract, SiteConfiguration } from '@portal/contract';
import { apiBaseUrl } from '@/config/runtime-config';
import { isColor, readableTextOn } from './colors';

type ThemeName = 'default' | 'alternate';
const THEME_CLASSES: Record<ThemeName, string> = {
  default: 'theme-default',
  alternate: 'theme-alternate',
};

const DEFAULT_COLORS = { primary: '#0b5394', secondary: '#1f6f50' } as const;

export interface ThemeInput {
  contract: Contract | null;
  siteConfiguration?: Pick<SiteConfiguration, 'documentTitle' | 'faviconOnglet'> | null;
  fallback?: { documentTitle?: string; faviconOnglet?: string | null; theme?: ThemeName } | null;
}

export interface Theme {
  name: ThemeName;
  title: string | null;
  favicon: string | null;
  primaryColor: string;
  secondaryColor: string;
  primaryLogo: string | null;
  secondaryLogo: string | null;
}

/** An asset address of the backend ('/assets/logos/x.svg') made absolute. */
export function assetUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(https?:|data:|blob:)/i.test(value)) return value;
  return `${apiBaseUrl()}${value.startsWith('/') ? '' : '/'}${value}`;
}

export function resolveTheme({ contract, siteConfiguration, fallback }: ThemeInput): Theme {
  const meta = contract?.contractMetadatas;
  const name: ThemeName =
    meta?.theme === 'alternate' || (!meta?.theme && fallback?.theme === 'alternate')
      ? 'alternate'
      : 'default';
  return {
    name,
    title: siteConfiguration?.documentTitle ?? fallback?.documentTitle ?? null,
    favicon: assetUrl(siteConfiguration?.faviconOnglet ?? fallback?.faviconOnglet ?? null),
    primaryColor: isColor(meta?.primaryColor) ? meta.primaryColor : DEFAULT_COLORS.primary,
    secondaryColor: isColor(meta?.secondaryColor) ? meta.secondaryColor : DEFAULT_COLORS.secondary,
    primaryLogo: assetUrl(meta?.primaryLogo),
    secondaryLogo: assetUrl(meta?.secondaryLogo),
  };
}

export function applyTheme(theme: Theme, doc: Document = document): void {
  if (theme.title) doc.title = theme.title;
  let link =
    doc.querySelector<HTMLLinkElement>('link#portal-favicon') ??
    doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (theme.favicon) {
    if (!link) {
      link = doc.createElement('link');
      link.rel = 'icon';
      link.id = 'portal-favicon';
      doc.head.appendChild(link);
    }
    // the page's own favicon, put back when a contract has none
    if (link.dataset.portalDefault === undefined)
      link.dataset.portalDefault = link.getAttribute('href') ?? '';
    link.href = theme.favicon;
  } else if (link?.dataset.portalDefault !== undefined) {
    // the contract's favicon was removed, or another contract has none: the page's own again
    if (link.dataset.portalDefault) link.setAttribute('href', link.dataset.portalDefault);
    else link.remove();
  }
  for (const [key, cls] of Object.entries(THEME_CLASSES)) doc.body.classList.toggle(cls, key === theme.name);
  const style = doc.documentElement.style;
  style.setProperty('--portal-primary', theme.primaryColor);
  style.setProperty('--portal-primary-text', readableTextOn(theme.primaryColor));
  style.setProperty('--portal-secondary', theme.secondaryColor);
  style.setProperty('--portal-secondary-text', readableTextOn(theme.secondaryColor));
}
