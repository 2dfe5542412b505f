import { useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { SelectField, TextField } from './fields';

/** Power BI and report trends (the same plus the contract id). */
export function PowerBiForm({ prefix, trends = false }: { prefix: string; trends?: boolean }) {
  const { t } = useTranslation();
  const p = `${prefix}.parameters`;
  const mode = useWatch({ name: `${p}.authenticationMode` }) as string | undefined;
  return (
    <div className="row">
      <div className="col-md-6">
        <SelectField
          name={`${p}.authenticationMode`}
          label={t('service_config.fields.authenticationMode')}
          required
          emptyLabel={t('service_config.choose')}
          options={[
            { value: 'masteruser', label: t('service_config.modes.masteruser') },
            { value: 'serviceprincipal', label: t('service_config.modes.serviceprincipal') },
          ]}
        />
      </div>
      <div className="col-md-6">
        <TextField name={`${p}.btnLabel`} label={t('service_config.fields.btnLabel')} required />
      </div>
      {mode !== 'serviceprincipal' ? (
        <>
          <div className="col-md-6">
            <TextField name={`${p}.powerBiUser`} label={t('service_config.fields.powerBiUser')} />
          </div>
          <div className="col-md-6">
            <TextField
              name={`${p}.powerBiPassword`}
              label={t('service_config.fields.powerBiPassword')}
              type="password"
              autoComplete="new-password"
            />
          </div>
        </>
      ) : null}
      <div className="col-md-6">
        <TextField name={`${p}.clientId`} label={t('service_config.fields.clientId')} />
      </div>
      <div className="col-md-6">
        <TextField name={`${p}.tenantId`} label={t('service_config.fields.tenantId')} />
      </div>
      {mode === 'serviceprincipal' ? (
        <div className="col-md-6">
          <TextField
            name={`${p}.clientSecret`}
            label={t('service_config.fields.clientSecret')}
            type="password"
            autoComplete="new-password"
          />
        </div>
      ) : null}
      <div className="col-md-6">
        <TextField name={`${p}.workspaceId`} label={t('service_config.fields.workspaceId')} />
      </div>
      <div className="col-md-6">
        <TextField name={`${p}.reportId`} label={t('service_config.fields.reportId')} />
      </div>
      <div className="col-md-6">
        <TextField name={`${p}.usernameFilter`} label={t('service_config.fields.usernameFilter')} />
      </div>
      <div className="col-md-6">
        <TextField name={`${p}.rolesFilter`} label={t('service_config.fields.rolesFilter')} />
      </div>
      {trends ? (
        <div className="col-md-6">
          <TextField name={`${p}.contractId`} label={t('service_config.fields.contractId')} />
        </div>
      ) : null}
    </div>
  );
}
