// i18next with the portal's options: French by default and as fallback, plurals by the `_one` /
// `_other` suffixes, interpolation, numbers and dates through Intl, `<Trans>` for markup.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import {
  changeLanguage,
  dayNames,
  formatDate,
  formatNumber,
  i18n,
  monthNames,
  Trans,
  useTranslation,
} from './index';

beforeAll(setupI18n);

describe('i18n', () => {
  it('uses French by default', () => {
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('alert.not_granted')).toMatch(/droits/);
    expect(i18n.t('common.no_information')).toBe('Aucune information disponible');
  });

  it('picks the plural form and interpolates the count, in both languages', async () => {
    expect([0, 1, 2].map((count) => i18n.t('common.count', { count }))).toEqual([
      '0 élément',
      '1 élément',
      '2 éléments',
    ]);
    expect([0, 1, 2].map((count) => i18n.t('wizards.area.results', { count }))).toEqual([
      'Aucun résultat',
      '1 résultat',
      '2 résultats',
    ]);
    await i18n.changeLanguage('en');
    expect([0, 1, 2].map((count) => i18n.t('wizards.area.results', { count }))).toEqual([
      'No result',
      '1 result',
      '2 results',
    ]);
    await i18n.changeLanguage('fr');
  });

  it('interpolates without escaping (React escapes what it renders)', () => {
    expect(i18n.t('contracts.delete', { label: 'Eau & Co' })).toBe('Supprimer le contrat Eau & Co');
  });

  it('falls back to French for a key English lacks', async () => {
    i18n.addResource('fr', 'translation', 'test_only_french', 'Seulement en français');
    await i18n.changeLanguage('en');
    expect(i18n.t('test_only_french' as never)).toBe('Seulement en français');
    await i18n.changeLanguage('fr');
  });

  it('writes numbers, months, days and dates through Intl in the current language', async () => {
    expect(formatNumber(1054.43)).toBe('1\u202f054,43');
    expect(monthNames()[0]).toBe('janvier');
    expect(dayNames()[0]).toBe('lundi');
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate(null)).toBe('-');
    await i18n.changeLanguage('en');
    expect(formatNumber(1054.43)).toBe('1,054.43');
    expect(monthNames()[0]).toBe('January');
    await i18n.changeLanguage('fr');
  });

  it('switches the page language and keeps the choice in storage', async () => {
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(i18n.t('alert.not_granted')).toBe('You do not have the rights to open this page.');
    await changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });

  it('renders a component again when the language changes', async () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('shell.language')).toBe('Langue');
    await act(() => result.current.i18n.changeLanguage('en'));
    expect(result.current.i18n.language).toBe('en');
    expect(result.current.t('shell.language')).toBe('Language');
    await act(() => i18n.changeLanguage('fr'));
    expect(result.current.t('shell.language')).toBe('Langue');
  });

  it('puts markup inside a sentence with <Trans>', () => {
    i18n.addResource('fr', 'translation', 'test_markup', 'Lire <strong>{{what}}</strong> avant');
    render(
      <Trans
        i18nKey={'test_markup' as never}
        values={{ what: 'les conditions' }}
        components={{ strong: <strong /> }}
      />,
    );
    expect(screen.getByText('les conditions').tagName).toBe('STRONG');
  });
});
