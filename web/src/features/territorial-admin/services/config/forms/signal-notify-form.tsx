import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { Spinner } from '@/components/ui/spinner';
import { appConfigurationQueries } from '../../configurations-api';

/** Signal notification: the request types; `onChange` lets the caller save on each change. */
export function SignalNotifyForm({
  prefix,
  contractId,
  onChange,
}: {
  prefix: string;
  contractId: number;
  onChange?: (requestTypes: number[]) => void;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const { data, isPending, isError } = useQuery(appConfigurationQueries.requestTypes(contractId));
  const { field } = useController({ name: `${prefix}.parameters.requestTypes` as `configs.${string}` });
  const value = (Array.isArray(field.value) ? field.value : []) as number[];
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id);
    field.onChange(next);
    onChange?.(next);
  };
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-warning">{t('alert.loading_error')}</p>;
  return (
    <fieldset>
      <legend className="form-label fs-6">{t('service_config.fields.requestTypes')}</legend>
      {data.length === 0 ? <p className="text-body-secondary">{t('common.no_information')}</p> : null}
      {data.map((type) => (
        <div className="form-check" key={type.id}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`${baseId}-${type.id}`}
            value={type.id}
            checked={value.includes(type.id)}
            onChange={(event) => toggle(type.id, event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${baseId}-${type.id}`}>
            {type.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
