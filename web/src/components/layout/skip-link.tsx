import { useTranslation } from '@/lib/i18n';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('shell.skip_to_content')}
    </a>
  );
}
