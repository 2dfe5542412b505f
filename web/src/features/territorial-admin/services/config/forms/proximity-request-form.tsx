import { useTranslation } from '@/lib/i18n';
import { TextField } from './fields';

/** The proximity-request service: its two codes. */
export function ProximityRequestForm({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <div className="col-md-6">
        <TextField
          name={`${prefix}.parameters.codeCollectivite`}
          label={t('service_config.fields.codeCollectivite')}
          required
        />
      </div>
      <div className="col-md-6">
        <TextField
          name={`${prefix}.parameters.codeBanco`}
          label={t('service_config.fields.codeBanco')}
          required
        />
      </div>
    </div>
  );
}
