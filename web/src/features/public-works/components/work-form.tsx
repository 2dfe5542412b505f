import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { buildPath, paths } from '@portal/contract/routes';
import type { Organization, PublicWork } from '@portal/contract';
import { organizationServiceId, type PermissionSubject } from '@portal/contract/permissions';
import { useCurrentUser } from '@/lib/auth/hooks';
import { MapView, type MapFeature } from '@/components/map';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { pushAlert } from '@/lib/alerts';
import {
  createWork,
  invalidateWorks,
  updateWork,
  WORK_STATUSES,
  workQueries,
  type WorkInput,
} from '../api/works';
import { formatVertices, fromGeometry, parseVertices, polygonsOf, toPolygon, type Vertex } from './zone';
import type { workFormSchema } from './work-form-schema';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { ErrorMessage } from '@/components/ui/error-message';
import { errorMessageKey } from '@/lib/error-message';

const PLANNER_SERVICE = 'PUBLIC_SPACE_PLANNER';
const ZONE_COLOR = '#d63384';
const SHAPE_COLOR = '#198754';

type Polygons = ReturnType<typeof polygonsOf>;

type FormInput = z.input<ReturnType<typeof workFormSchema>>;
type FormOutput = z.output<ReturnType<typeof workFormSchema>>;
const FIELDS = [
  'organizationId',
  'title',
  'address',
  'description',
  'currentStatus',
  'startDate',
  'endDate',
] as const;

/** The new-work and edit-work form: organization (with its map-server layer), data, dates, status and a zone drawn inside the planner's shape. */
/**
 * The organization a new work starts with: the planner's organization service id (portal.md
 * section 6, the single organization through which the user holds the public space planner
 * service) when it is one of the choices, else the only choice, else none.
 */
function plannerOrganization(user: PermissionSubject | null, organizations: readonly Organization[]): string {
  const serviceOrganization = user ? organizationServiceId(user, PLANNER_SERVICE) : undefined;
  if (organizations.some((o) => o.id === serviceOrganization)) return String(serviceOrganization);
  return organizations.length === 1 ? String(organizations[0]?.id) : '';
}

export function WorkForm(props: { contractId: number; userId: number; work?: PublicWork }) {
  // the form renders once the organizations have arrived, so that the select shows its value
  const organizations = useQuery(workQueries.organizations(props.contractId, props.userId));
  if (organizations.isPending) return <Spinner />;
  if (organizations.isError) return <LoadingErrorAlert />;
  return <WorkFormFields {...props} organizations={organizations.data} />;
}

function WorkFormFields({
  contractId,
  userId,
  work,
  organizations,
}: {
  contractId: number;
  userId: number;
  work?: PublicWork;
  organizations: Organization[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const shape = useQuery(workQueries.shape(contractId, userId, PLANNER_SERVICE, true));
  const polygons = useMemo(() => polygonsOf(shape.data), [shape.data]);
  // the schema (and zod) load with the form's first validation, not with the form
  const resolver = useMemo(
    () => lazyZodResolver(() => import('./work-form-schema').then((m) => m.workFormSchema(polygons))),
    [polygons],
  );
  const [serverError, setServerError] = useState<unknown>(null);
  const user = useCurrentUser();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: {
      organizationId: work ? String(work.organizationId) : plannerOrganization(user, organizations),
      title: work?.title ?? '',
      address: work?.address ?? '',
      description: work?.description ?? '',
      currentStatus: work?.currentStatus ?? 'PLANNED',
      startDate: work?.startDate.slice(0, 10) ?? '',
      endDate: work?.endDate.slice(0, 10) ?? '',
      zoneText: formatVertices(fromGeometry(work?.zone)),
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  const organizationId = Number(useWatch({ control: form.control, name: 'organizationId' })) || 0;
  const zoneText = useWatch({ control: form.control, name: 'zoneText' });
  const vertices = parseVertices(zoneText) ?? [];
  const mapServer = useQuery({
    ...workQueries.mapServer(contractId, organizationId),
    enabled: organizationId > 0,
  });

  const setVertices = (next: Vertex[]) =>
    form.setValue('zoneText', formatVertices(next), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  const save = useMutation({
    mutationFn: async (values: FormOutput) => {
      const zone = toPolygon(parseVertices(values.zoneText) ?? []);
      const input: WorkInput = {
        contractId,
        organizationId: values.organizationId,
        title: values.title,
        address: values.address,
        description: values.description,
        currentStatus: values.currentStatus,
        startDate: values.startDate,
        endDate: values.endDate,
        zone,
      };
      const saved = work ? await updateWork(work.id, input) : await createWork(input);
      await invalidateWorks(client, contractId);
      return saved;
    },
    onError: (error) => {
      applyFieldErrors(form, error, FIELDS, {
        rename: { zone: 'zoneText' },
        // the field says it in French; the server's words stay under the form's technical details
        message: () => `server:${t(errorMessageKey(error))}`,
      });
      setServerError(error);
    },
  });

  const message = (m?: string) => {
    if (!m) return '';
    if (m.startsWith('server:')) return t('works.server_field_error', { message: m.slice(7) });
    return t(`works.error.${m}`, { defaultValue: m });
  };

  const features = zoneFeatures(
    shape.data?.features ?? [],
    vertices,
    t('works.planner_shape'),
    t('works.zone'),
  );
  const overlay = mapServer.data
    ? [{ id: `${mapServer.data.workspace}:${mapServer.data.layer}`, url: layerUrl(mapServer.data) }]
    : [];

  return (
    <>
      {unsaved.modal}
      {serverError ? (
        <div className="mb-3">
          <ErrorMessage error={serverError} action={t('works.save_error')} />
        </div>
      ) : null}
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setServerError(null);
          save.mutate(values, {
            onSuccess: (saved) => {
              const target = buildPath(paths.works.detail, { workId: saved.id });
              pushAlert('success', work ? 'works.updated' : 'works.created', target);
              unsaved.release();
              void navigate(target);
            },
          });
        })}
      >
        <div className="row g-4">
          <WorkDataFields
            form={form}
            organizations={organizations}
            layerHelp={
              mapServer.data
                ? t('works.layer', { layer: mapServer.data.layer, workspace: mapServer.data.workspace })
                : mapServer.isError
                  ? t('works.layer_error')
                  : null
            }
            message={message}
          />
          <WorkZoneFieldset
            form={form}
            polygons={polygons}
            shapePending={shape.isPending}
            features={features}
            overlay={overlay}
            vertices={vertices}
            setVertices={setVertices}
            error={message(errors.zoneText?.message)}
          />
        </div>
        <Button type="submit" className="mt-3" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null} {t('works.submit')}
        </Button>
      </Form>
    </>
  );
}

/** The map's features: the planner's shape, then the zone (a polygon from 3 points, the points before). */
function zoneFeatures(
  shape: readonly { geometry: MapFeature['geoJson'] }[],
  vertices: Vertex[],
  shapeLabel: string,
  zoneLabel: string,
): MapFeature[] {
  return [
    ...shape.map((f, i) => ({
      id: i === 0 ? 'shape' : `shape-${i}`,
      label: shapeLabel,
      geoJson: f.geometry,
      color: SHAPE_COLOR,
    })),
    ...(vertices.length >= 3
      ? [{ id: 'zone', label: zoneLabel, geoJson: toPolygon(vertices), color: ZONE_COLOR }]
      : vertices.map(([lat, lng], i) => ({
          id: `vertex-${i}`,
          label: zoneLabel,
          geoJson: { type: 'Point' as const, coordinates: [lng, lat] },
          color: ZONE_COLOR,
        }))),
  ];
}

/** The work's data: organization (with its map-server layer said under it), title, address, description, dates and status. */
function WorkDataFields({
  form,
  organizations,
  layerHelp,
  message,
}: {
  form: UseFormReturn<FormInput, unknown, FormOutput>;
  organizations: Organization[];
  layerHelp: string | null;
  message: (m?: string) => string;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <div className="col-lg-6">
      <FormField
        id="work-organization"
        label={t('works.field.organization')}
        error={message(errors.organizationId?.message)}
        help={layerHelp}
        className="mb-3"
      >
        {(control) => (
          <Controller
            control={form.control}
            name="organizationId"
            render={({ field }) => (
              <Form.Select {...field} value={String(field.value ?? '')} {...control}>
                <SelectOptions items={organizations} empty={t('works.field.choose_organization')} />
              </Form.Select>
            )}
          />
        )}
      </FormField>
      <FormField
        id="work-title"
        label={t('works.field.title')}
        error={message(errors.title?.message)}
        className="mb-3"
      >
        {(control) => <Form.Control {...form.register('title')} {...control} />}
      </FormField>
      <FormField
        id="work-address"
        label={t('works.field.address')}
        error={message(errors.address?.message)}
        className="mb-3"
      >
        {(control) => <Form.Control {...form.register('address')} {...control} />}
      </FormField>
      <FormField
        id="work-description"
        label={t('works.field.description')}
        error={message(errors.description?.message)}
        className="mb-3"
      >
        {(control) => <Form.Control as="textarea" rows={3} {...form.register('description')} {...control} />}
      </FormField>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <FormField id="work-start" label={t('works.field.start')} error={message(errors.startDate?.message)}>
          {(control) => <Form.Control type="date" {...form.register('startDate')} {...control} />}
        </FormField>
        <FormField id="work-end" label={t('works.field.end')} error={message(errors.endDate?.message)}>
          {(control) => <Form.Control type="date" {...form.register('endDate')} {...control} />}
        </FormField>
      </div>
      <FormField id="work-status" label={t('works.field.status')} className="mb-3">
        {(control) => (
          <Form.Select {...form.register('currentStatus')} {...control}>
            {WORK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`works.status_single.${s}`)}
              </option>
            ))}
          </Form.Select>
        )}
      </FormField>
    </div>
  );
}

/**
 * The work's zone: the planner's shape and the zone on a map (a click adds a point; the address
 * search moves the map), undo and clear, and the points as text.
 */
function WorkZoneFieldset({
  form,
  polygons,
  shapePending,
  features,
  overlay,
  vertices,
  setVertices,
  error,
}: {
  form: UseFormReturn<FormInput, unknown, FormOutput>;
  polygons: Polygons;
  shapePending: boolean;
  features: MapFeature[];
  overlay: { id: string; url: string }[];
  vertices: Vertex[];
  setVertices: (next: Vertex[]) => void;
  error: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="col-lg-6">
      <legend className="h5">{t('works.zone')}</legend>
      <p className="small text-body-secondary" id="work-zone-help">
        {polygons.length ? t('works.zone_help') : shapePending ? t('common.loading') : t('works.no_shape')}
      </p>
      <MapView
        onDemand
        label={t('works.zone_map')}
        height={340}
        features={features}
        fitIds={polygons.length ? ['shape'] : undefined}
        overlays={overlay}
        onMapClick={(p) => setVertices([...vertices, [Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6))]])}
      />
      <div className="d-flex gap-2 my-2">
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={vertices.length === 0}
          onClick={() => setVertices(vertices.slice(0, -1))}
        >
          {t('works.undo_point')}
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          disabled={vertices.length === 0}
          onClick={() => setVertices([])}
        >
          {t('works.clear_zone')}
        </Button>
        <span className="small align-self-center" role="status">
          {t('works.points', { count: vertices.length })}
        </span>
      </div>
      <FormField
        id="work-zone"
        label={t('works.field.zone')}
        error={error}
        describedBy="work-zone-help"
        announce
      >
        {(control) => (
          <Form.Control
            as="textarea"
            rows={5}
            className="font-monospace"
            {...form.register('zoneText')}
            {...control}
          />
        )}
      </FormField>
    </fieldset>
  );
}

/** The organization's map-server layer as a tile URL carrying the layer name and the auth key. */
function layerUrl(settings: { url: string; authkey: string; layer: string; workspace: string }): string {
  const join = settings.url.includes('?') ? '&' : '?';
  return `${settings.url}${join}layers=${encodeURIComponent(`${settings.workspace}:${settings.layer}`)}&authkey=${encodeURIComponent(settings.authkey)}`;
}
