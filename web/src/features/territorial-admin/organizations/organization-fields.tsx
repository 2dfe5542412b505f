/**
 * The fields that name an organization or an operator (territorial-admin.md "Add wizards", first
 * step): its name, the new name it will take, for an operator its contract id and dates, the
 * country and the legal entity. The add wizard's first step and the edit dialog show them alike.
 */
import { useEffect, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY_CODE, dateRangeError, TEXT_MAX_LENGTH } from '@portal/contract/constants';
import { label, shortText } from '@portal/contract/common';
import { organizationType } from '@portal/contract/territory';
import type { Organization, OrganizationType } from '@portal/contract';
import { organizationQueries } from './api';
import { contractQueries } from '../contract/api';

export interface OrganizationFields {
  label: string;
  type: OrganizationType;
  newOrganizationLabel: string;
  startDate: string;
  endDate: string;
  countryCode: string;
  legalEntity: string;
  operatorContractId: string;
}

export const ORGANIZATION_FIELDS = [
  'label',
  'type',
  'newOrganizationLabel',
  'startDate',
  'endDate',
  'countryCode',
  'legalEntity',
  'operatorContractId',
] as const;

export const emptyOrganizationFields = (
  type: OrganizationType,
  countryCode: string = DEFAULT_COUNTRY_CODE,
): OrganizationFields => ({
  label: '',
  type,
  newOrganizationLabel: '',
  startDate: '',
  endDate: '',
  countryCode,
  legalEntity: '',
  operatorContractId: '',
});

/** The fields of an existing organization, for its edit dialog. */
export const fieldsOf = (organization: Organization, countryCode: string): OrganizationFields => ({
  label: organization.label,
  type: organization.type,
  newOrganizationLabel: organization.newOrganizationLabel ?? '',
  startDate: organization.startDate?.slice(0, 10) ?? '',
  endDate:
    (organization.endDate ?? organization.organizationMetadatas.operatorContractEnd)?.slice(0, 10) ?? '',
  countryCode,
  legalEntity: organization.legalEntity ? String(organization.legalEntity.id) : '',
  operatorContractId: organization.operatorContractId ?? '',
});

/**
 * A name; for an operator, both dates with start not after end. The name, type and short texts
 * follow the contract's organization payload (its `label`, `organizationType`, `shortText`); the
 * form's fields are strings, an empty one sent as null (organizationPayload).
 */
export const organizationSchema = z
  .object({
    label,
    type: organizationType,
    newOrganizationLabel: shortText,
    startDate: z.string(),
    endDate: z.string(),
    countryCode: z.string(),
    legalEntity: z.string(),
    operatorContractId: shortText,
  })
  .superRefine((value, ctx) => {
    const range = value.type === 'Operator' ? dateRangeError(value.startDate, value.endDate) : null;
    if (range) ctx.addIssue({ code: 'custom', path: ['endDate'], message: range });
  });

const trimmedOrNull = (value: string) => (value.trim() ? value.trim() : null);

/** What the create and update calls take from the fields. */
export function organizationPayload(values: OrganizationFields) {
  const operator = values.type === 'Operator';
  return {
    label: values.label.trim(),
    type: values.type,
    legalEntity: values.legalEntity ? Number(values.legalEntity) : null,
    operatorContractId: operator ? trimmedOrNull(values.operatorContractId) : null,
    newOrganizationLabel: trimmedOrNull(values.newOrganizationLabel),
    startDate: operator ? values.startDate : null,
    endDate: operator ? values.endDate : null,
  };
}

/** The contract's country (its `contract_country_code`), France when it names none. */
export function useContractCountry(contractId: number): string {
  const contract = useQuery(contractQueries.detail(contractId));
  return contract.data?.contractMetadatas.contract_country_code || DEFAULT_COUNTRY_CODE;
}

/** A new organization's country is its contract's, once that is known, unless the user chose one. */
export function useCountryDefault(form: UseFormReturn<OrganizationFields>, country: string): void {
  useEffect(() => {
    if (!form.getFieldState('countryCode').isDirty) form.resetField('countryCode', { defaultValue: country });
  }, [form, country]);
}

function DateField({
  form,
  name,
  label,
  invalid,
}: {
  form: UseFormReturn<OrganizationFields>;
  name: 'startDate' | 'endDate';
  label: string;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="col-md-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        type="date"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        {...form.register(name)}
        aria-required
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}

/** A free-text field with the server's message under it, when it sent one. */
function TextField({
  form,
  name,
  label,
  help,
}: {
  form: UseFormReturn<OrganizationFields>;
  name: 'operatorContractId' | 'newOrganizationLabel';
  label: string;
  help?: string;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="col-md-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        maxLength={TEXT_MAX_LENGTH}
        {...form.register(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {help ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function SelectField({
  id,
  label,
  children,
  ...select
}: { id: string; label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="col-md-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" {...select}>
        {children}
      </select>
    </div>
  );
}

const EDITABLE_TYPES: OrganizationType[] = ['Community', 'Operator'];

/**
 * The fields. `typeEditable`: the edit dialog lets the type change (never the master
 * organization's); the add wizard's type is the list it was opened from.
 */
export function OrganizationFieldset({
  contractId,
  form,
  typeEditable = false,
  typeLocked = false,
}: {
  contractId: number;
  form: UseFormReturn<OrganizationFields>;
  typeEditable?: boolean;
  typeLocked?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = useWatch({ control: form.control });
  const type = value.type ?? 'Community';
  const operator = type === 'Operator';
  const legalEntities = useQuery(organizationQueries.legalEntities(contractId, type));
  const { errors, touchedFields } = form.formState;
  const labelError = errors.label;
  const dates = operator ? dateRangeError(value.startDate ?? '', value.endDate ?? '') : null;
  const datesEmpty = dates === 'empty' && touchedFields.startDate === true && touchedFields.endDate === true;
  const badRange = dates === 'bad-range';
  const serverDates = errors.startDate?.type === 'server' || errors.endDate?.type === 'server';
  const entities = (legalEntities.data ?? []).filter((e) => e.countryCode === value.countryCode);
  const country = form.register('countryCode');
  const typeField = form.register('type');
  const types = EDITABLE_TYPES.includes(type) ? EDITABLE_TYPES : [...EDITABLE_TYPES, type];
  return (
    <div className="row">
      <div className="col-md-6 mb-3">
        <label htmlFor={`${id}-label`} className="form-label">
          {t(operator ? 'wizards.organization.operator_name' : 'wizards.organization.name')}{' '}
          <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-label`}
          className={`form-control${labelError ? ' is-invalid' : ''}`}
          maxLength={TEXT_MAX_LENGTH}
          {...form.register('label')}
          aria-required
          aria-invalid={labelError ? true : undefined}
          aria-describedby={labelError ? `${id}-label-error` : undefined}
        />
        {labelError ? (
          <div id={`${id}-label-error`} className="invalid-feedback d-block">
            {labelError.type === 'server' ? labelError.message : t('wizards.errors.empty_field')}
          </div>
        ) : null}
      </div>
      {typeEditable ? (
        <SelectField
          id={`${id}-type`}
          label={t('wizards.organization.type')}
          disabled={typeLocked}
          aria-describedby={typeLocked ? `${id}-type-help` : undefined}
          {...typeField}
          onChange={(event) => {
            void typeField.onChange(event);
            form.setValue('legalEntity', '');
          }}
        >
          {types.map((option) => (
            <option key={option} value={option}>
              {t(`wizards.organization.types.${option}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {typeEditable && typeLocked ? (
        <p id={`${id}-type-help`} className="form-text col-12 mt-n2">
          {t('wizards.organization.master_type')}
        </p>
      ) : null}
      <TextField
        form={form}
        name="newOrganizationLabel"
        label={t('wizards.organization.new_label')}
        help={t('wizards.organization.new_label_help')}
      />
      {operator ? (
        <>
          <TextField
            form={form}
            name="operatorContractId"
            label={t('wizards.organization.operator_contract_id')}
          />
          <DateField
            form={form}
            name="startDate"
            label={t('wizards.organization.start_date')}
            invalid={badRange || datesEmpty || serverDates}
          />
          <DateField
            form={form}
            name="endDate"
            label={t('wizards.organization.end_date')}
            invalid={badRange || datesEmpty || serverDates}
          />
          {badRange || datesEmpty || serverDates ? (
            <div className="col-12">
              <p className="text-danger small" role="alert">
                {badRange
                  ? t('wizards.errors.bad_date_range')
                  : datesEmpty
                    ? t('wizards.errors.empty_field')
                    : (errors.endDate?.message ?? errors.startDate?.message)}
              </p>
            </div>
          ) : null}
        </>
      ) : null}
      <SelectField
        id={`${id}-country`}
        label={t('wizards.organization.country')}
        {...country}
        onChange={(event) => {
          void country.onChange(event);
          form.setValue('legalEntity', '');
        }}
      >
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-legal`}
        label={t('wizards.organization.legal_entity')}
        {...form.register('legalEntity')}
      >
        <option value="">{t('wizards.organization.no_legal_entity')}</option>
        {entities.map((e) => (
          <option key={e.id} value={String(e.id)}>
            {e.label}
          </option>
        ))}
      </SelectField>
      {legalEntities.isError ? (
        // the choices could not load: said beside the select, never an empty choice
        <div className="col-12">
          <LoadingErrorAlert onRetry={legalEntities.refetch} />
        </div>
      ) : null}
    </div>
  );
}
