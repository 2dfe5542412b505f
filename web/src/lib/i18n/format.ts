/**
 * Numbers and dates as the current language writes them, through Intl (one formatter per locale
 * and options, kept).
 */
import i18next from 'i18next';

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
export const intlLocale = (lng: string = i18next.resolvedLanguage ?? i18next.language): string =>
  LOCALES[lng] ?? 'fr-FR';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object | undefined, make: () => F): F {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = cache.get(key);
  if (!format) cache.set(key, (format = make()));
  return format;
}

export const numberFormat = (lng: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(numberFormats, intlLocale(lng), options, () => new Intl.NumberFormat(intlLocale(lng), options));

export const dateFormat = (lng: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dateFormats, intlLocale(lng), options, () => new Intl.DateTimeFormat(intlLocale(lng), options));

/** A day and its time of day, figures only ('26/11/2026 19:50'): the moment of a history entry. */
export const DATE_TIME = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

/** A date as the current language writes it (dd/mm/yyyy by default), '-' when there is none. */
export function formatDate(
  value: string | Date | null | undefined,
  options?: Intl.DateTimeFormatOptions,
  lng?: string,
): string {
  if (!value) return '-';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  return dateFormat(
    lng ?? i18next.language,
    options ?? { day: '2-digit', month: '2-digit', year: 'numeric' },
  ).format(date);
}

/** A number as the current language writes it ('1 054,43' in French, '1,054.43' in English). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, lng?: string): string {
  return numberFormat(lng ?? i18next.language, options).format(value);
}

/** The text with its first letter in capitals ('novembre 2026' → 'Novembre 2026'), the rest as written. */
export function capitalize(text: string, lng?: string): string {
  return text.charAt(0).toLocaleUpperCase(intlLocale(lng)) + text.slice(1);
}

/** Month names (French by default: janvier ... décembre). */
export function monthNames(lng?: string): string[] {
  const format = dateFormat(lng ?? i18next.language, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2024, m, 1))));
}

/** Day names from Monday (French by default: lundi ... dimanche). */
export function dayNames(lng?: string): string[] {
  const format = dateFormat(lng ?? i18next.language, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, d) => format.format(new Date(Date.UTC(2024, 0, 1 + d))));
}
