import { useTranslation } from 'react-i18next';

/** Number and date formatting in the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language || 'fr';
  return {
    number: (value: number, digits = 0) =>
      new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value),
    date: (iso: string) =>
      new Date(iso).toLocaleDateString(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }),
    month: (iso: string) => new Date(iso).toLocaleDateString(locale, { month: 'short', year: '2-digit' }),
    hour: (iso: string) =>
      new Date(iso).toLocaleString(locale, {
        day: '2-digit',
        month: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  };
}
