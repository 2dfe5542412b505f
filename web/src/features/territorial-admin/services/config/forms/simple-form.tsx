import { useTranslation } from '@/lib/i18n';
import { TextField } from './fields';

/** The simple configuration: a required button label. */
export function SimpleForm({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <TextField name={`${prefix}.parameters.btnLabel`} label={t('service_config.fields.btnLabel')} required />
  );
}
