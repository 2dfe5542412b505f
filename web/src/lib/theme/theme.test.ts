import { beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from '@portal/contract';
import { setRuntimeConfig } from '@/config/runtime-config';
import { applyTheme, resolveTheme } from './index';
import { contrastRatio, readableTextOn } from './colors';

const contract = (meta: Record<string, string>): Contract => ({
  id: 2,
  label: 'Grand Lyon Eau',
  status: 'ACTIVE',
  contractMetadatas: { contract_country_code: 'FR', ...meta },
});

beforeEach(() => setRuntimeConfig({ apiBaseUrl: 'http://api.test' }));

describe('theme', () => {
  it('applies the title, favicon, colours and the alternate body class', () => {
    const theme = resolveTheme({
      contract: contract({
        theme: 'alternate',
        primaryColor: '#c8102e',
        secondaryColor: '#ffd100',
        primaryLogo: '/assets/logos/lyon.svg',
      }),
      siteConfiguration: {
        documentTitle: 'Grand Lyon Eau — portail',
        faviconOnglet: '/assets/logos/lyon-favicon.png',
      },
    });
    applyTheme(theme);
    expect(document.title).toBe('Grand Lyon Eau — portail');
    expect(document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href).toBe(
      'http://api.test/assets/logos/lyon-favicon.png',
    );
    expect(document.body.classList.contains('theme-alternate')).toBe(true);
    expect(document.body.classList.contains('theme-default')).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('#c8102e');
    expect(document.documentElement.style.getPropertyValue('--portal-secondary-text')).toBe('#000000');
    expect(theme.primaryLogo).toBe('http://api.test/assets/logos/lyon.svg');
  });

  it("puts the page's own favicon back when the contract's is removed", () => {
    document.head.innerHTML = '<link rel="icon" id="portal-favicon" href="/favicon.svg" />';
    const link = () => document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const withFavicon = (faviconOnglet: string | null) =>
      resolveTheme({ contract: contract({}), siteConfiguration: { documentTitle: 'Lyon', faviconOnglet } });
    applyTheme(withFavicon('data:image/png;base64,AAAA'));
    expect(link()?.getAttribute('href')).toBe('data:image/png;base64,AAAA');
    applyTheme(withFavicon(null));
    expect(link()?.getAttribute('href')).toBe('/favicon.svg');
    // a page without a favicon of its own: the one the contract added goes
    document.head.innerHTML = '';
    applyTheme(withFavicon('data:image/png;base64,AAAA'));
    expect(link()?.getAttribute('href')).toBe('data:image/png;base64,AAAA');
    applyTheme(withFavicon(null));
    expect(link()).toBeNull();
  });

  it('goes back to the default theme when the contract has none', () => {
    applyTheme(resolveTheme({ contract: contract({ theme: 'alternate' }) }));
    applyTheme(resolveTheme({ contract: contract({ primaryColor: 'not a colour' }) }));
    expect(document.body.classList.contains('theme-default')).toBe(true);
    expect(document.body.classList.contains('theme-alternate')).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('#0b5394');
  });

  it('picks a text colour with enough contrast (WCAG AA) on any theme colour', () => {
    for (const colour of ['#00557f', '#c8102e', '#ffd100', '#f0f0f0', '#1f6f50', '#0b5394']) {
      expect(contrastRatio(colour, readableTextOn(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
