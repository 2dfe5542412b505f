/** The external services of a contract: repeatable entries (label, url, categories, is-portal and its banner settings). */
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { entryCode } from '@portal/contract/constants';
import { isChecked } from '../saving';
import type { ConfigFormValues } from '../form-values';
import { TextField } from './fields';
import { ImageDrop } from './image-drop';

const emptyEntry = () => ({
  label: '',
  url: '',
  categories: '',
  customConnect: '',
  metadata: '',
  isPortal: false,
  bannerLogo: '',
  bannerBackgroundColor: '',
  buttonTextColor: '',
  buttonBackgroundColor: '',
});

function BannerLogo({ name, label }: { name: string; label: string }) {
  const { field } = useController({ name: name as `configs.${string}` });
  return (
    <ImageDrop
      label={label}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
    />
  );
}

function Entry({ name, index, onRemove }: { name: string; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const { register } = useFormContext<ConfigFormValues>();
  const label = useWatch({ name: `${name}.label` as `configs.${string}` }) as unknown;
  const isPortal = isChecked(useWatch({ name: `${name}.isPortal` as `configs.${string}` }));
  const title =
    typeof label === 'string' && label.trim()
      ? label
      : t('service_config.external.entry', { number: index + 1 });
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 float-none w-auto px-1 mb-0">
        {title}
        {typeof label === 'string' && label.trim() ? (
          <span className="text-body-secondary small ms-2">
            {t('service_config.external.code', { code: entryCode(label) })}
          </span>
        ) : null}
      </legend>
      <div className="row">
        <div className="col-md-4">
          <TextField name={`${name}.label`} label={t('service_config.external.label')} required />
        </div>
        <div className="col-md-4">
          <TextField
            name={`${name}.url`}
            label={t('service_config.external.url')}
            placeholder="{host}"
            required
          />
        </div>
        <div className="col-md-4">
          <TextField
            name={`${name}.categories`}
            label={t('service_config.external.categories')}
            placeholder="1502,1505"
            required
            help={t('service_config.external.categories_help')}
          />
        </div>
      </div>
      <div className="form-check form-switch mb-3">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={`${name}-is-portal`}
          {...register(`${name}.isPortal` as `configs.${string}`)}
        />
        <label className="form-check-label" htmlFor={`${name}-is-portal`}>
          {t('service_config.external.isPortal')}
        </label>
      </div>
      {isPortal ? (
        <div className="row">
          <div className="col-md-6">
            <BannerLogo name={`${name}.bannerLogo`} label={t('service_config.external.bannerLogo')} />
          </div>
          <div className="col-md-6">
            <TextField
              name={`${name}.customConnect`}
              label={t('service_config.external.customConnect')}
              required
            />
            <TextField
              name={`${name}.bannerBackgroundColor`}
              label={t('service_config.external.bannerBackgroundColor')}
              placeholder="#f0f0f0"
              required
            />
          </div>
          <div className="col-12">
            <TextField
              name={`${name}.metadata`}
              label={t('service_config.external.metadata')}
              placeholder='{"login": "", "password": ""}'
              required
            />
          </div>
          <div className="col-md-6">
            <TextField
              name={`${name}.buttonTextColor`}
              label={t('service_config.external.buttonTextColor')}
              placeholder="#ffffff"
            />
          </div>
          <div className="col-md-6">
            <TextField
              name={`${name}.buttonBackgroundColor`}
              label={t('service_config.external.buttonBackgroundColor')}
              placeholder="#f0f0f0"
            />
          </div>
        </div>
      ) : null}
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRemove}>
        {t('service_config.external.remove', { label: title })}
      </button>
    </fieldset>
  );
}

export function ExternalServicesForm({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const name = `${prefix}.parameters.services` as `configs.${string}.parameters.${string}`;
  const { fields, append, remove } = useFieldArray({ name: name as never });
  return (
    <div>
      {fields.map((field, index) => (
        <Entry key={field.id} name={`${name}.${index}`} index={index} onRemove={() => remove(index)} />
      ))}
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => append(emptyEntry() as never)}
      >
        {t('service_config.external.add')}
      </button>
    </div>
  );
}
