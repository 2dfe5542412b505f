import { beforeAll, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import { dayNames, formatDate, i18n, monthNames, useTranslation } from './index';

beforeAll(setupI18n);

describe('i18n', () => {
  it('uses French by default', () => {
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('alert.not_granted')).toMatch(/droits/);
    expect(i18n.t('common.no_information')).toBe('Aucune information disponible');
  });

  it('names months and days in French', () => {
    expect(monthNames()[0]).toBe('janvier');
    expect(monthNames()[11]).toBe('décembre');
    expect(dayNames()[0]).toBe('lundi');
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate(null)).toBe('-');
  });

  it('switches to English', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('alert.not_granted')).toBe('You do not have the rights to open this page.');
    expect(monthNames('en')[0]).toBe('January');
    await i18n.changeLanguage('fr');
  });

  it('switches the page language and keeps the choice in storage', async () => {
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });

  it('renders a component again when the language changes, with a new `t` (the same one otherwise)', async () => {
    let renders = 0;
    const { result, rerender } = renderHook(() => {
      renders += 1;
      return useTranslation();
    });
    const frenchT = result.current.t;
    expect(result.current.t('shell.language')).toBe('Langue');
    rerender();
    expect(result.current.t).toBe(frenchT);

    const before = renders;
    await act(() => result.current.i18n.changeLanguage('en'));
    expect(renders).toBe(before + 1);
    expect(result.current.i18n.language).toBe('en');
    expect(result.current.t('shell.language')).toBe('Language');
    expect(result.current.t).not.toBe(frenchT);
    await act(() => i18n.changeLanguage('fr'));
    expect(result.current.t('common.no_information')).toBe('Aucune information disponible');
  });
});
