import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import type { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import { INDUSTRIAL_SITE_TYPES } from '@portal/contract/constants';
import type { GeoJson, IndustrialSite } from '@portal/contract';
import { AlertMessage, LoadingErrorAlert } from '@/components/ui/alerts';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { siteAdminQueries, type SiteInput } from '../../api/admin-sites';
import { ZoneEditor } from './zone-editor';
import { useFieldMessage } from './use-field-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { siteFormSchema } from './site-form-schemas';

type Values = z.infer<typeof siteFormSchema>;

/** The form's schema (and zod) load with its first validation, not with the form. */
const resolver = lazyZodResolver(() => import('./site-form-schemas').then((m) => m.siteFormSchema));

/** The site's name, type, geographic zone and organizations (create and edit share it). */
export function SiteForm({
  contractId,
  site,
  pending,
  onSubmit,
  onCancel,
}: {
  contractId: number;
  site?: IndustrialSite;
  pending: boolean;
  onSubmit: (input: SiteInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const organizations = useQuery(siteAdminQueries.organizations(contractId));
  const [zone, setZone] = useState<GeoJson | null>(site?.geoZoneArea.geoJson ?? null);
  const [failed, setFailed] = useState(false);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      name: site?.name ?? '',
      industrialSiteTypeCode: site?.industrialSiteType.code ?? '',
      organizationIds: site?.organizations.map((o) => String(o.id)) ?? [],
    },
  });
  const { errors } = form.formState;
  const message = useFieldMessage();
  const zoneChanged = zone !== (site?.geoZoneArea.geoJson ?? null);
  // leaving with changes not saved asks first; a save lets its own navigation through
  const unsaved = useUnsavedChanges(form.formState.isDirty || zoneChanged);

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    unsaved.release();
    try {
      await onSubmit({
        name: values.name.trim(),
        industrialSiteTypeCode: values.industrialSiteTypeCode,
        geoZoneArea: { geojson: zone },
        organizationIds: values.organizationIds.map(Number),
      });
    } catch (error) {
      unsaved.arm();
      setFailed(true);
      applyFieldErrors(form, error, ['name', 'industrialSiteTypeCode'], { message: () => 'invalid' });
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} className="card card-body mb-4">
      {unsaved.modal}
      {failed ? <AlertMessage variant="danger" messageKey="industrial_sites_admin.save_error" /> : null}
      <FormField
        id="site-name"
        label={t('industrial_sites_admin.fields.name')}
        error={message(errors.name?.message)}
        className="mb-3"
      >
        {(control) => <Form.Control {...form.register('name')} {...control} />}
      </FormField>
      <FormField
        id="site-type"
        label={t('industrial_sites_admin.fields.type')}
        error={message(errors.industrialSiteTypeCode?.message)}
        className="mb-3"
      >
        {(control) => (
          <Form.Select {...form.register('industrialSiteTypeCode')} {...control}>
            <option value="">{t('industrial_sites_admin.fields.type_choose')}</option>
            {INDUSTRIAL_SITE_TYPES.map((type) => (
              <option key={type.code} value={type.code}>
                {type.label}
              </option>
            ))}
          </Form.Select>
        )}
      </FormField>
      <ZoneEditor value={zone} onChange={setZone} />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('industrial_sites_admin.fields.organizations')}</legend>
        {organizations.isError ? <LoadingErrorAlert /> : null}
        {organizations.isPending ? <Spinner size="sm" /> : null}
        <div className="site-organizations border rounded p-2" style={{ maxHeight: 220, overflowY: 'auto' }}>
          {organizations.data?.map((o) => (
            <Form.Check
              key={o.id}
              id={`site-org-${o.id}`}
              type="checkbox"
              value={String(o.id)}
              label={o.label}
              {...form.register('organizationIds')}
            />
          ))}
        </div>
      </fieldset>
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner size="sm" /> : null} {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
