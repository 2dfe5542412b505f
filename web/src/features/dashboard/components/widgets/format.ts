import { dateFormat, numberFormat, useTranslation } from '@/lib/i18n';

/** Number and date formatting in the current language, through Intl. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const date = (options: Intl.DateTimeFormatOptions) => (iso: string) =>
    dateFormat(lng, options).format(new Date(iso));
  return {
    number: (value: number, digits = 0) => numberFormat(lng, { maximumFractionDigits: digits }).format(value),
    date: date({ day: '2-digit', month: '2-digit', year: 'numeric' }),
    month: date({ month: 'short', year: '2-digit' }),
    hour: date({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }),
  };
}
