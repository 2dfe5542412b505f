import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test/render';
import { dayNames, formatDate, i18next, monthNames } from './index';

beforeAll(setupI18n);

describe('i18n', () => {
  it('uses French by default and as fallback, in the translation namespace', () => {
    expect(i18next.language).toBe('fr');
    expect(i18next.options.fallbackLng).toEqual(['fr']);
    expect(i18next.options.defaultNS).toBe('translation');
    expect(i18next.t('alert.not_granted')).toMatch(/droits/);
    expect(i18next.t('common.no_information')).toBe('Aucune information disponible');
  });

  it('names months and days in French', () => {
    expect(monthNames()[0]).toBe('janvier');
    expect(monthNames()[11]).toBe('décembre');
    expect(dayNames()[0]).toBe('lundi');
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate(null)).toBe('-');
  });

  it('switches to English', async () => {
    await i18next.changeLanguage('en');
    expect(i18next.t('alert.not_granted')).toBe('You do not have the rights to open this page.');
    expect(monthNames('en')[0]).toBe('January');
    await i18next.changeLanguage('fr');
  });
});
