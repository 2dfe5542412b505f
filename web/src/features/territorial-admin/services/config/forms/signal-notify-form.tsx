import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { useController } from 'react-hook-form';
import { TEXT_MAX_LENGTH } from '@portal/contract/constants';
import { useTranslation } from '@/lib/i18n';
import { Spinner } from '@/components/ui/spinner';
import { ErrorMessage } from '@/components/ui/error-message';
import { appConfigurationQueries, createRequestType } from '../../configurations-api';

/** A new request type of the contract, named here and added at once (not part of the configuration's save). */
function AddRequestType({ contractId }: { contractId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const add = useMutation({ mutationFn: (name: string) => createRequestType(client, contractId, name) });
  const submit = () => {
    const name = label.trim();
    if (name) add.mutate(name, { onSuccess: () => setLabel('') });
  };
  return (
    <div className="mt-2">
      <label className="form-label" htmlFor={id}>
        {t('service_config.request_type.label')}
      </label>
      <div className="d-flex gap-2">
        <input
          id={id}
          className="form-control"
          value={label}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(event) => setLabel(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the type instead of sending the configuration's form around it
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button variant="outline-primary" onClick={submit} disabled={add.isPending || !label.trim()}>
          {add.isPending ? <Spinner size="sm" /> : null} {t('service_config.request_type.add')}
        </Button>
      </div>
      {add.isError ? (
        <div className="mt-2">
          <ErrorMessage error={add.error} action={t('service_config.request_type.error')} />
        </div>
      ) : null}
    </div>
  );
}

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
      <AddRequestType contractId={contractId} />
    </fieldset>
  );
}
