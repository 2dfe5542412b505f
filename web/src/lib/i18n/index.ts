/**
 * i18next: French is the default and fallback language, namespace 'translation'; English second.
 * The resources are JSON files under /locales/{lng}/translation.json, loaded at start (and on switch),
 * so that they weigh nothing in the JavaScript.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, TRANSLATION_NAMESPACE } from '@portal/contract/constants';
import { STORAGE_KEYS } from '@/lib/auth/storage';

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

async function fetchBundle(lng: Language): Promise<Record<string, unknown>> {
  const response = await fetch(`/locales/${lng}/${TRANSLATION_NAMESPACE}.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`translations ${lng}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

function setHtmlLang(lng: string): void {
  document.documentElement.lang = lng;
}

export async function initI18n(resources?: Resource, lng?: Language): Promise<typeof i18next> {
  const language = lng ?? storedLanguage();
  let bundles = resources;
  if (!bundles) {
    const needed: Language[] =
      language === FALLBACK_LANGUAGE ? [FALLBACK_LANGUAGE] : [language, FALLBACK_LANGUAGE];
    const loaded = await Promise.all(needed.map(fetchBundle));
    bundles = Object.fromEntries(needed.map((l, i) => [l, { [TRANSLATION_NAMESPACE]: loaded[i] ?? {} }]));
  }
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [TRANSLATION_NAMESPACE],
    defaultNS: TRANSLATION_NAMESPACE,
    resources: bundles,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setHtmlLang(language);
  return i18next;
}

export async function changeLanguage(lng: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lng, TRANSLATION_NAMESPACE)) {
    i18next.addResourceBundle(lng, TRANSLATION_NAMESPACE, await fetchBundle(lng));
  }
  await i18next.changeLanguage(lng);
  setHtmlLang(lng);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    /* not kept */
  }
}

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
export const intlLocale = (lng: string = i18next.language): string => LOCALES[lng] ?? 'fr-FR';

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

export { i18next };
