import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatPlainNumber } from '@/lib/i18n/plain-format';

/** Numbers as the current language writes them (axis ticks and tooltips), with an optional unit. */
export function useValueFormat(unit?: string) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const number = (value: number) => formatPlainNumber(value, i18n.language, 3);
    return (value: number) => (unit ? `${number(value)} ${unit}` : number(value));
  }, [i18n.language, unit]);
}
