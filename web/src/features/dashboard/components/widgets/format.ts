import { useTranslation } from '@/lib/i18n';

/** Formatters built once per language and options: building one costs far more than using it. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `n ${locale} ${digits}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format)
    formatters.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })));
  return format;
}

function dateFormat(locale: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${kind}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** Number and date formatting in the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language || 'fr';
  return {
    number: (value: number, digits = 0) => numberFormat(locale, digits).format(value),
    date: (iso: string) =>
      dateFormat(locale, 'date', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso)),
    month: (iso: string) =>
      dateFormat(locale, 'month', { month: 'short', year: '2-digit' }).format(new Date(iso)),
    hour: (iso: string) =>
      dateFormat(locale, 'hour', {
        day: '2-digit',
        month: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso)),
  };
}
