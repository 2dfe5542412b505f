import { useTranslation } from '@/lib/i18n';
import { formatPlainDate, formatPlainNumber } from '@/lib/i18n/plain-format';

/**
 * Number and date formatting in the current language, without Intl's formatters in French and
 * English (building the first one costs the page a long task: see plain-format.ts).
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language || 'fr';
  return {
    number: (value: number, digits = 0) => formatPlainNumber(value, locale, digits),
    date: (iso: string) => formatPlainDate(new Date(iso), locale, 'date'),
    month: (iso: string) => formatPlainDate(new Date(iso), locale, 'month'),
    hour: (iso: string) => formatPlainDate(new Date(iso), locale, 'hour'),
  };
}
