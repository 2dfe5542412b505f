import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from '@/lib/i18n';
import { formIssues } from '@/lib/form-schema';
import { STATUS_CODES, STATUS_TEXT, type InterventionSearch } from '../api/interventions';
import { ADDRESS_MAX_LENGTH, interventionSearchSchema } from './intervention-search-schema';

type Values = z.infer<typeof interventionSearchSchema>;

/** The intervention search (territorial-admin.md section 3 defaults); an unchecked outcome is not filtered on. */
export function InterventionSearchForm({
  value,
  onSearch,
}: {
  value: InterventionSearch;
  onSearch: (search: InterventionSearch) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(interventionSearchSchema, { error: formIssues }),
    defaultValues: {
      status: value.status,
      startDate: value.startDate ?? '',
      endDate: value.endDate ?? '',
      address: value.address ?? '',
      waterSupplyStopped: value.waterSupplyStopped === true,
      streetClosed: value.streetClosed === true,
    },
  });
  const submit = handleSubmit((v) =>
    onSearch({
      ...value,
      status: v.status,
      startDate: v.startDate || undefined,
      endDate: v.endDate || undefined,
      address: v.address,
      waterSupplyStopped: v.waterSupplyStopped ? true : undefined,
      streetClosed: v.streetClosed ? true : undefined,
    }),
  );
  return (
    <form
      className="intervention-search card card-body mb-3"
      onSubmit={(e) => void submit(e)}
      aria-label={t('dashboard.search_interventions')}
    >
      <div className="row g-3 align-items-end">
        <fieldset className="col-md-3">
          <legend className="form-label fs-6 mb-1">{t('dashboard.statuses')}</legend>
          {STATUS_CODES.map((code) => (
            <div className="form-check" key={code}>
              <input
                className="form-check-input"
                type="checkbox"
                value={code}
                id={`${id}-${code}`}
                {...register('status')}
              />
              <label className="form-check-label" htmlFor={`${id}-${code}`}>
                {t(`dashboard.intervention_status.${STATUS_TEXT[code]}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="col-md-2">
          <label className="form-label" htmlFor={`${id}-start`}>
            {t('dashboard.start_date')}
          </label>
          <input className="form-control" type="date" id={`${id}-start`} {...register('startDate')} />
        </div>
        <div className="col-md-2">
          <label className="form-label" htmlFor={`${id}-end`}>
            {t('dashboard.end_date')}
          </label>
          <input
            className={`form-control ${formState.errors.endDate ? 'is-invalid' : ''}`}
            type="date"
            id={`${id}-end`}
            aria-describedby={formState.errors.endDate ? `${id}-end-error` : undefined}
            {...register('endDate')}
          />
          {formState.errors.endDate ? (
            <div className="invalid-feedback" id={`${id}-end-error`}>
              {t('dashboard.bad_range')}
            </div>
          ) : null}
        </div>
        <div className="col-md-3">
          <label className="form-label" htmlFor={`${id}-address`}>
            {t('dashboard.address')}
          </label>
          <input
            className="form-control"
            type="search"
            id={`${id}-address`}
            maxLength={ADDRESS_MAX_LENGTH}
            {...register('address')}
          />
        </div>
        <div className="col-md-2">
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-water`}
              {...register('waterSupplyStopped')}
            />
            <label className="form-check-label" htmlFor={`${id}-water`}>
              {t('dashboard.water_supply_stopped')}
            </label>
          </div>
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-street`}
              {...register('streetClosed')}
            />
            <label className="form-check-label" htmlFor={`${id}-street`}>
              {t('dashboard.street_closed')}
            </label>
          </div>
          <button type="submit" className="btn btn-primary mt-2">
            {t('common.search')}
          </button>
        </div>
      </div>
    </form>
  );
}
