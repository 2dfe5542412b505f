/** Small inputs bound to the service configuration form (react-hook-form context). */
import { useId, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import type { ConfigFormValues } from '../form-values';

function errorAt(errors: unknown, name: string): boolean {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined && node !== null;
}

export function TextField({
  name,
  label,
  required = false,
  placeholder,
  type = 'text',
  help,
  autoComplete = 'off',
}: {
  name: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  type?: 'text' | 'password' | 'url' | 'color';
  help?: ReactNode;
  autoComplete?: string;
}) {
  const id = useId();
  const { register } = useFormContext<ConfigFormValues>();
  const { errors } = useFormState<ConfigFormValues>({ name: name as `configs.${string}` });
  const invalid = errorAt(errors, name);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        type={type}
        className={`form-control${type === 'color' ? ' form-control-color' : ''}${invalid ? ' is-invalid' : ''}`}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        autoComplete={autoComplete}
        {...register(name as `configs.${string}`)}
      />
      {help ? <div className="form-text">{help}</div> : null}
    </div>
  );
}

export function SelectField({
  name,
  label,
  options,
  required = false,
  emptyLabel,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  emptyLabel: string;
}) {
  const id = useId();
  const { register } = useFormContext<ConfigFormValues>();
  const { errors } = useFormState<ConfigFormValues>({ name: name as `configs.${string}` });
  const invalid = errorAt(errors, name);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        {...register(name as `configs.${string}`, { setValueAs: (v: unknown) => (v === '' ? undefined : v) })}
      >
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
