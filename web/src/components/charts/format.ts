import { useMemo } from 'react';
import { numberFormat, useTranslation } from '@/lib/i18n';

/** Numbers as the current language writes them (axis ticks and tooltips), with an optional unit. */
export function useValueFormat(unit?: string) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = numberFormat(i18n.language, { maximumFractionDigits: 3 });
    return (value: number) => (unit ? `${format.format(value)} ${unit}` : format.format(value));
  }, [i18n.language, unit]);
}
