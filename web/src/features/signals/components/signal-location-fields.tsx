/**
 * Where a new signal is (its address, its coordinates typed or picked on the map): the location
 * part of the signal form, latitude and longitude sharing one error.
 */
import Form from 'react-bootstrap/Form';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { z } from 'zod';
import { FormField, type FieldControlProps } from '@/components/ui/form-field';
import { LocationPicker } from './location-picker';
import { MyPositionButton } from './use-my-position';
import type { signalLocationSchema } from './signal-form-schema';

interface LocationFormValues {
  address: string;
  location: z.input<typeof signalLocationSchema>;
}

export function SignalLocationFields<T extends LocationFormValues>({
  form,
  addressError,
  locationError,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  addressError: string | null;
  locationError: string | null;
}) {
  const { t } = useTranslation();
  // narrowed to the two fields this part owns
  const own = form as unknown as UseFormReturn<LocationFormValues>;
  const locationControl: FieldControlProps = {
    isInvalid: !!locationError,
    'aria-invalid': locationError ? true : undefined,
    'aria-describedby': locationError ? 'signal-location-error' : undefined,
  };
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('signals.location')}</legend>
      <p className="small text-body-secondary">{t('signals.location_help')}</p>
      <FormField id="signal-address" label={t('signals.field.address')} error={addressError} className="mb-2">
        {(control) => <Form.Control {...own.register('address')} {...control} />}
      </FormField>
      <Controller
        control={own.control}
        name="location"
        render={({ field }) => {
          const value = field.value as { lat: number; lng: number } | null;
          const setCoordinate = (key: 'lat' | 'lng', raw: string) => {
            const n = raw === '' ? NaN : Number(raw);
            const other = value ?? { lat: NaN, lng: NaN };
            const next = { ...other, [key]: n };
            field.onChange(next);
          };
          return (
            <>
              <MyPositionButton onPosition={(point) => field.onChange(point)} />
              <div className="d-flex gap-3 mb-2">
                {(['lat', 'lng'] as const).map((key) => (
                  <Form.Group key={key} controlId={`signal-${key}`}>
                    <Form.Label>{t(`signals.field.${key}`)}</Form.Label>
                    <Form.Control
                      type="number"
                      step="any"
                      value={value && Number.isFinite(value[key]) ? value[key] : ''}
                      onChange={(e) => setCoordinate(key, e.target.value)}
                      {...locationControl}
                    />
                  </Form.Group>
                ))}
              </div>
              {locationError ? (
                <div className="invalid-feedback d-block" role="alert" id="signal-location-error">
                  {locationError}
                </div>
              ) : null}
              <LocationPicker
                focus
                value={value && Number.isFinite(value.lat) && Number.isFinite(value.lng) ? value : null}
                onChange={(p) => field.onChange(p)}
                onAddress={(label) => own.setValue('address', label, { shouldDirty: true })}
              />
            </>
          );
        }}
      />
    </fieldset>
  );
}
