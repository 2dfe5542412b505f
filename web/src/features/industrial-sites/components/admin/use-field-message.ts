import { useTranslation } from '@/lib/i18n';

/** The translated text of a site admin form's error key ('required', 'too_long', ...); 'invalid' stands for an unknown key. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (key: string | undefined) =>
    key
      ? t(`industrial_sites_admin.errors.${key}`, {
          defaultValue: t('industrial_sites_admin.errors.invalid'),
        })
      : null;
}
