import Badge from 'react-bootstrap/Badge';
import { type TranslationKey, useTranslation } from '@/lib/i18n';

// on these light backgrounds white text lacks contrast
const DARK_TEXT = new Set(['warning', 'info', 'light']);

/** A status as a coloured badge: the colour from the feature's variant map, the text from `<i18nPrefix>.<status>`. */
export function StatusBadge<S extends string>({
  status,
  variants,
  i18nPrefix,
}: {
  status: S;
  variants: Record<S, string>;
  i18nPrefix: string;
}) {
  const { t } = useTranslation();
  const bg = variants[status];
  return (
    <Badge bg={bg} text={DARK_TEXT.has(bg) ? 'dark' : undefined}>
      {/* the feature names where its statuses' texts are */}
      {t(`${i18nPrefix}.${status}` as TranslationKey)}
    </Badge>
  );
}
