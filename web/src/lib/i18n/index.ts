/**
 * Translations: French is the default and fallback language, namespace 'translation'; English second.
 * The resources are JSON files under /locales/{lng}/translation.json, loaded at start (and on switch),
 * so that they weigh nothing in the JavaScript. The runtime is the portal's own (./store.ts), with
 * the part of i18next's and react-i18next's API the portal used: `useTranslation()` giving
 * `{ t, i18n }`, `i18n.language`, `i18n.t`, `i18n.changeLanguage`.
 */
import { useSyncExternalStore } from 'react';
import { FALLBACK_LANGUAGE, TRANSLATION_NAMESPACE } from '@portal/contract/constants';
import { STORAGE_KEYS } from '@/lib/auth/storage';
import {
  type Bundle,
  getTranslation,
  hasBundle,
  setLanguage,
  setTranslations,
  subscribe,
  type TFunction,
} from './store';

export type { TFunction };

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = STORAGE_KEYS.language;

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

async function fetchBundle(lng: Language): Promise<Bundle> {
  const response = await fetch(`/locales/${lng}/${TRANSLATION_NAMESPACE}.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`translations ${lng}: HTTP ${response.status}`);
  return (await response.json()) as Bundle;
}

function setHtmlLang(lng: string): void {
  document.documentElement.lang = lng;
}

/** Each language's resources by namespace, as the tests give them: `{ fr: { translation: fr } }`. */
export type Resources = Partial<Record<Language, Record<typeof TRANSLATION_NAMESPACE, Bundle>>>;

/**
 * Starts in the language kept in storage (French when none): the given resources (tests), else
 * that language's bundle and the fallback's, fetched.
 */
export async function initI18n(resources?: Resources, lng?: Language): Promise<void> {
  const language = lng ?? storedLanguage();
  const needed = resources
    ? LANGUAGES.filter((l) => resources[l])
    : [...new Set<Language>([language, FALLBACK_LANGUAGE])];
  const loaded = await Promise.all(
    needed.map((l) => resources?.[l]?.[TRANSLATION_NAMESPACE] ?? fetchBundle(l)),
  );
  setTranslations(
    Object.fromEntries(needed.map((l, i) => [l, loaded[i] ?? {}])),
    language,
    FALLBACK_LANGUAGE,
  );
  setHtmlLang(language);
}

/** Switches the language (its bundle fetched the first time), the page's lang and the kept choice. */
export async function changeLanguage(lng: Language): Promise<void> {
  setLanguage(lng, hasBundle(lng) ? undefined : await fetchBundle(lng));
  setHtmlLang(lng);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    /* not kept */
  }
}

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
export const intlLocale = (lng: string = getTranslation().language): string => LOCALES[lng] ?? 'fr-FR';

/** A date as the current language writes it (French month names by default). */
export function formatDate(
  value: string | Date | null | undefined,
  options?: Intl.DateTimeFormatOptions,
): string {
  if (!value) return '-';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(
    intlLocale(),
    options ?? { day: '2-digit', month: '2-digit', year: 'numeric' },
  ).format(date);
}

/** A number as the current language writes it ('1 054,43' in French, '1,054.43' in English). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, lng?: string): string {
  return new Intl.NumberFormat(intlLocale(lng), options).format(value);
}

/** The text with its first letter in capitals ('novembre 2026' → 'Novembre 2026'), the rest as written. */
export function capitalize(text: string, lng?: string): string {
  return text.charAt(0).toLocaleUpperCase(intlLocale(lng)) + text.slice(1);
}

/** Month names (French by default: janvier ... décembre). */
export function monthNames(lng?: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(lng), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2024, m, 1))));
}

/** Day names from Monday (French by default: lundi ... dimanche). */
export function dayNames(lng?: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(lng), { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, d) => format.format(new Date(Date.UTC(2024, 0, 1 + d))));
}

/** The current language and its `t` outside React (the mutation toasts, tests). */
export const i18n = {
  get language(): string {
    return getTranslation().language;
  },
  t: ((key, options) => getTranslation().t(key, options)) as TFunction,
  changeLanguage,
};

/**
 * `{ t, i18n }` for a component, which renders again when the language changes; `t` is a new
 * function then (a memo that depends on it is computed again), the same one otherwise.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const { t } = useSyncExternalStore(subscribe, getTranslation, getTranslation);
  return { t, i18n };
}
