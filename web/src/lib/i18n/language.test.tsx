/**
 * The language switcher of the user menu (French <-> English), the choice kept across the
 * storage clearing of a sign-out or a refused token (portal.md section 4 clears local storage),
 * and a first visit without a choice in French whatever the browser's language, nothing saved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fr from '../../../public/locales/fr/translation.json';
import en from '../../../public/locales/en/translation.json';
import { openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';
import { renderWithProviders, setupI18n } from '@/test/render';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { request, setUnauthorizedHandler } from '@/lib/api-client';
import { browser, logout } from '@/lib/auth/logout';
import { getToken } from '@/lib/auth/storage';
import { i18n, initI18n } from './index';

const mock = withMockBackend();

beforeEach(async () => {
  await setupI18n();
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  setUnauthorizedHandler(() => void logout());
});

/** Picks a language in the user menu of the header. */
async function pickLanguage(name: 'English' | 'Français') {
  await userEvent.click(screen.getByRole('button', { name: /Antoine Robert/ }));
  await userEvent.click(screen.getByRole('button', { name }));
}

const sideMenu = (name: string) => screen.getByRole('navigation', { name });

/** The languages the browser asks for (navigator.languages and navigator.language). */
function browserLanguages(...languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/** What a new page load does: the language read back from local storage, then the screen. */
async function reload(path: string) {
  cleanup();
  await initI18n({ fr: { translation: fr }, en: { translation: en } });
  await signInPersona(mock, 'agent');
  return openScreen(path);
}

describe('language switcher', () => {
  it('switches the visible strings from French to English and back', async () => {
    await signInPersona(mock, 'agent');
    await openScreen('/mentions-legales-portail');
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    expect(within(sideMenu('Menu principal')).getByRole('link', { name: 'Mon profil' })).toBeInTheDocument();

    await pickLanguage('English');
    expect(await screen.findByRole('heading', { level: 1, name: 'Legal notice' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(within(sideMenu('Main menu')).getByRole('link', { name: 'My profile' })).toBeInTheDocument();
    expect(within(sideMenu('Main menu')).getByRole('link', { name: 'Log out' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /User menu.*Antoine Robert/ }));
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Français' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Legal notice' })).toBeNull();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('keeps the chosen language through the sign-out, which clears the rest of the storage', async () => {
    await signInPersona(mock, 'agent');
    const { router } = await openScreen('/mentions-legales-portail');
    await pickLanguage('English');
    await screen.findByRole('heading', { level: 1, name: 'Legal notice' });

    await userEvent.click(within(sideMenu('Main menu')).getByRole('link', { name: 'Log out' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(expect.stringContaining('/saml/logout')));
    expect(router.state.location.pathname).toBe('/deconnexion');
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('current_contract')).toBeNull();

    await reload('/mentions-legales-portail');
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeInTheDocument();
  });

  it('keeps the chosen language when a refused token clears the storage (401 on the token check)', async () => {
    await signInPersona(mock, 'agent');
    await openScreen('/mentions-legales-portail');
    await pickLanguage('English');
    await screen.findByRole('heading', { level: 1, name: 'Legal notice' });

    window.localStorage.setItem('token', 'expired.or.forged');
    await expect(request({ url: '/api/token-check' })).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(expect.stringContaining('/saml/logout')));
    expect(getToken()).toBeNull();

    await reload('/mentions-legales-portail');
    expect(screen.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeInTheDocument();
  });

  it('opens the first visit of an English browser in French and saves no choice', async () => {
    browserLanguages('en-US', 'en');
    window.localStorage.removeItem('language');
    await reload('/mentions-legales-portail');
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBeNull();
  });

  it('keeps English once the person picks it, over the next load', async () => {
    browserLanguages('fr-FR', 'fr');
    window.localStorage.removeItem('language');
    await reload('/mentions-legales-portail');
    expect(window.localStorage.getItem('language')).toBeNull();
    await pickLanguage('English');
    await screen.findByRole('heading', { level: 1, name: 'Legal notice' });
    expect(window.localStorage.getItem('language')).toBe('en');

    await reload('/mentions-legales-portail');
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeInTheDocument();
  });

  it('keeps the saved French over an English browser', async () => {
    browserLanguages('en-US', 'en');
    window.localStorage.setItem('language', 'fr');
    await reload('/mentions-legales-portail');
    expect(i18n.language).toBe('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
  });

  it('starts in French when no language was chosen and the browser speaks neither', async () => {
    browserLanguages('de-DE', 'de');
    window.localStorage.removeItem('language');
    await reload('/mentions-legales-portail');
    expect(i18n.language).toBe('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
  });

  it('starts in French on a first visit from a French browser', async () => {
    browserLanguages('fr-FR', 'fr');
    window.localStorage.removeItem('language');
    await reload('/mentions-legales-portail');
    expect(i18n.language).toBe('fr');
  });

  it('switches with the select of the preferences too, and keeps that choice for the next load', async () => {
    renderWithProviders(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Langue' });
    expect(select).toHaveValue('fr');
    await userEvent.selectOptions(select, 'English');
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });
});
