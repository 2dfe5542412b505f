import { useTranslation } from '@/lib/i18n';
import { TextField } from './fields';

/** The external site with a login, a password and a button label. */
export function ExternalSiteLoginForm({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const p = `${prefix}.parameters`;
  return (
    <div className="row">
      <div className="col-md-4">
        <TextField name={`${p}.login`} label={t('service_config.fields.login')} required />
      </div>
      <div className="col-md-4">
        <TextField
          name={`${p}.password`}
          label={t('service_config.fields.password')}
          type="password"
          required
          autoComplete="new-password"
        />
      </div>
      <div className="col-md-4">
        <TextField name={`${p}.btnLabel`} label={t('service_config.fields.btnLabel')} required />
      </div>
    </div>
  );
}
