import { useEffect, useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { IndustrialSite, IndustrialSiteContact } from '@portal/contract';
import { PHOTO_MAX_BYTES } from '@portal/contract/constants';
import { buildPath, paths } from '@portal/contract/routes';
import { AlertMessage, LoadingErrorAlert } from '@/components/ui/alerts';
import { Icon } from '@/components/ui/icon';
import { LazyConfirmModal } from '@/components/ui/lazy-confirm-modal';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { ErrorMessage } from '@/components/ui/error-message';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';
import { TabHeader } from '@/components/ui/tab-header';
import {
  addMetadata,
  deleteContact,
  deleteMetadata,
  deletePhoto,
  invalidateSites,
  siteAdminQueries,
  uploadPhoto,
} from '../../api/admin-sites';
import { useFieldMessage } from './use-field-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { metadataFormSchema } from './site-form-schemas';
import { useSiteContract } from './use-site-contract';

type Photo = IndustrialSite['photos'][number];
type Metadata = IndustrialSite['metadata'][number];

/** A delete confirmation, then the call, then the refresh of the contract's site queries. */
function useConfirmedDelete<Row>(contractId: number, remove: (row: Row) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | null>(null);
  const mutation = useMutation({
    meta: { successMessage: 'failure.deleted', errorMessage: 'failure.delete_failed' },
    mutationFn: remove,
    onSettled: () => invalidateSites(queryClient, contractId),
  });
  return { target, setTarget, mutation };
}

/** The site's contacts: the list, links to the shared create/edit screen, delete with a confirmation. */
export function SiteContacts({ contractId, siteId }: { contractId: number; siteId: number }) {
  const { t } = useTranslation();
  const query = useQuery(siteAdminQueries.contacts(contractId, siteId));
  const { link } = useSiteContract();
  const { target, setTarget, mutation } = useConfirmedDelete<IndustrialSiteContact>(contractId, (c) =>
    deleteContact(siteId, c.contactId),
  );
  const name = (c: IndustrialSiteContact) => `${c.firstName} ${c.lastName}`;
  const columns: Column<IndustrialSiteContact>[] = [
    { key: 'name', header: t('industrial_sites_admin.contacts.name'), render: name },
    { key: 'role', header: t('industrial_sites_admin.contacts.role'), render: (c) => c.role || '-' },
    { key: 'email', header: t('industrial_sites_admin.contacts.email'), render: (c) => c.email ?? '-' },
    { key: 'phone', header: t('industrial_sites_admin.contacts.phone'), render: (c) => c.phone ?? '-' },
    {
      key: 'actions',
      header: t('common.actions'),
      className: 'text-end',
      render: (c) => (
        <div className="d-flex gap-2 justify-content-end">
          <Link
            className="btn btn-sm btn-outline-primary"
            to={link(buildPath(paths.admin.industrialSiteContact, { siteId, contactId: c.contactId }))}
            title={t('industrial_sites_admin.contacts.edit', { label: name(c) })}
          >
            <Icon name="pencil" />
            <span className="visually-hidden">
              {t('industrial_sites_admin.contacts.edit', { label: name(c) })}
            </span>
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => setTarget(c)}
            title={t('industrial_sites_admin.contacts.delete', { label: name(c) })}
          >
            <Icon name="trash" />
            <span className="visually-hidden">
              {t('industrial_sites_admin.contacts.delete', { label: name(c) })}
            </span>
          </button>
        </div>
      ),
    },
  ];
  return (
    <section className="site-contacts mb-4" aria-labelledby="site-contacts-title">
      <div className="d-flex align-items-end gap-3 mb-2">
        <h2 className="h5 me-auto mb-0" id="site-contacts-title">
          {t('industrial_sites_admin.contacts.title')}
        </h2>
        <Link
          className="btn btn-sm btn-primary"
          to={link(buildPath(paths.admin.industrialSiteContactNew, { siteId }))}
        >
          {t('industrial_sites_admin.contacts.add')}
        </Link>
      </div>
      {query.isError ? <LoadingErrorAlert /> : null}
      <DataTable
        columns={columns}
        rows={query.isError ? undefined : query.data}
        loading={query.isPending}
        rowKey={(c) => c.contactId}
        caption={t('industrial_sites_admin.contacts.title')}
        rowLink={(c) =>
          link(buildPath(paths.admin.industrialSiteContact, { siteId, contactId: c.contactId }))
        }
      />
      <LazyConfirmModal
        show={target !== null}
        title={target ? t('industrial_sites_admin.contacts.delete', { label: name(target) }) : ''}
        confirm="delete"
        pending={mutation.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => target && mutation.mutate(target, { onSettled: () => setTarget(null) })}
      />
    </section>
  );
}

function PhotoImage({ contractId, photo }: { contractId: number; photo: Photo }) {
  const { t } = useTranslation();
  const query = useQuery(siteAdminQueries.photo(contractId, photo.photoId));
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (query.isError)
    return <p className="small text-muted">{t('industrial_sites_admin.photos.unavailable')}</p>;
  if (!url) return <Spinner size="sm" />;
  return (
    <img
      src={url}
      alt={photo.fileName}
      className="img-fluid rounded"
      style={{ maxHeight: 160, objectFit: 'cover' }}
    />
  );
}

/** Photos: upload (allowed image types only, with a preview), the gallery from the binary endpoint, delete. */
export function SitePhotos({ contractId, site }: { contractId: number; site: IndustrialSite }) {
  const { t } = useTranslation();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { target, setTarget, mutation } = useConfirmedDelete<Photo>(contractId, (p) =>
    deletePhoto(site.id, p.photoId),
  );
  const progress = useUploadProgress();
  const upload = useMutation({
    mutationFn: (f: File) => uploadPhoto(site.id, f, progress.track(f.name)).finally(progress.done),
    onSuccess: () => invalidateSites(queryClient, contractId),
  });
  const choose = (chosen: File | undefined) => {
    upload.reset();
    setPreview(null);
    if (!chosen) return setFile(null);
    const problem = imageFileProblem(chosen, PHOTO_MAX_BYTES);
    if (problem) {
      setFile(null);
      return setError(imageFileMessage(t, problem));
    }
    setError(null);
    setFile(chosen);
    const reader = new FileReader();
    reader.onload = () => setPreview(String(reader.result));
    reader.readAsDataURL(chosen);
  };

  return (
    <section className="site-photos mb-4" aria-labelledby="site-photos-title">
      <h2 className="h5" id="site-photos-title">
        {t('industrial_sites_admin.photos.title')}
      </h2>
      <div className="card card-body mb-3">
        <label htmlFor={inputId} className="form-label">
          {t('industrial_sites_admin.photos.choose')}
        </label>
        <input
          id={inputId}
          type="file"
          className="form-control"
          accept={IMAGE_ACCEPT}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {error ? (
          <div className="alert alert-danger py-2 mt-2 mb-0" role="alert">
            {error}
          </div>
        ) : null}
        {upload.isError ? (
          <div className="mt-2">
            <ErrorMessage error={upload.error} action={t('industrial_sites_admin.photos.upload_error')} />
          </div>
        ) : null}
        <UploadProgress upload={progress.upload} />
        {file && preview ? (
          <div className="d-flex align-items-end gap-3 mt-2">
            <img
              src={preview}
              alt={t('industrial_sites_admin.photos.preview', { name: file.name })}
              style={{ maxHeight: 120 }}
              className="rounded border"
            />
            <Button
              disabled={upload.isPending}
              onClick={() =>
                upload.mutate(file, {
                  onSuccess: () => setFile(null),
                })
              }
            >
              {upload.isPending ? <Spinner size="sm" /> : null} {t('industrial_sites_admin.photos.upload')}
            </Button>
          </div>
        ) : null}
      </div>
      {site.photos.length === 0 ? <p className="text-muted">{t('common.no_information')}</p> : null}
      <ul className="list-unstyled row g-3">
        {site.photos.map((photo) => (
          <li key={photo.photoId} className="col-6 col-md-3">
            <figure className="mb-1">
              <PhotoImage contractId={contractId} photo={photo} />
              <figcaption className="small text-break">{photo.fileName}</figcaption>
            </figure>
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setTarget(photo)}>
              <Icon name="trash" />
              <span className="visually-hidden">
                {t('industrial_sites_admin.photos.delete', { label: photo.fileName })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LazyConfirmModal
        show={target !== null}
        title={target ? t('industrial_sites_admin.photos.delete', { label: target.fileName }) : ''}
        confirm="delete"
        pending={mutation.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => target && mutation.mutate(target, { onSettled: () => setTarget(null) })}
      />
    </section>
  );
}

type MetadataValues = z.infer<typeof metadataFormSchema>;

/** The form's schema (and zod) load with its first validation, not with the form. */
const metadataResolver = lazyZodResolver(() =>
  import('./site-form-schemas').then((m) => m.metadataFormSchema),
);

/** Metadata entries: a key and a value; add and delete. */
export function SiteMetadata({ contractId, site }: { contractId: number; site: IndustrialSite }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<MetadataValues>({
    resolver: metadataResolver,
    defaultValues: { key: '', value: '' },
  });
  const add = useMutation({
    mutationFn: (v: MetadataValues) => addMetadata(site.id, { key: v.key.trim(), value: v.value }),
    onSuccess: () => invalidateSites(queryClient, contractId),
  });
  const { target, setTarget, mutation } = useConfirmedDelete<Metadata>(contractId, (m) =>
    deleteMetadata(site.id, m.metadataId),
  );
  const columns: Column<Metadata>[] = [
    { key: 'key', header: t('industrial_sites_admin.metadata.key'), render: (m) => m.key },
    { key: 'value', header: t('industrial_sites_admin.metadata.value'), render: (m) => m.value || '-' },
    {
      key: 'actions',
      header: t('common.actions'),
      className: 'text-end',
      render: (m) => (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setTarget(m)}>
          <Icon name="trash" />
          <span className="visually-hidden">
            {t('industrial_sites_admin.metadata.delete', { label: m.key })}
          </span>
        </button>
      ),
    },
  ];
  const { errors } = form.formState;
  const message = useFieldMessage();
  const onSubmit = form.handleSubmit((values) => add.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <section className="site-metadata mb-4" aria-labelledby="site-metadata-title">
      <TabHeader
        headingLevel={2}
        title={<span id="site-metadata-title">{t('industrial_sites_admin.metadata.title')}</span>}
      />
      <DataTable
        columns={columns}
        rows={site.metadata}
        loading={false}
        rowKey={(m) => m.metadataId}
        caption={t('industrial_sites_admin.metadata.title')}
      />
      <Form noValidate className="row g-2 align-items-end" onSubmit={(e) => void onSubmit(e)}>
        <FormField
          id="metadata-key"
          label={t('industrial_sites_admin.metadata.key')}
          error={message(errors.key?.message)}
          className="col-md-4"
        >
          {(control) => <Form.Control {...form.register('key')} {...control} />}
        </FormField>
        <FormField
          id="metadata-value"
          label={t('industrial_sites_admin.metadata.value')}
          error={message(errors.value?.message)}
          className="col-md-6"
        >
          {(control) => <Form.Control {...form.register('value')} {...control} />}
        </FormField>
        <div className="col-md-2">
          <Button type="submit" className="w-100" disabled={add.isPending}>
            {t('industrial_sites_admin.metadata.add')}
          </Button>
        </div>
      </Form>
      {add.isError ? <AlertMessage variant="danger" messageKey="industrial_sites_admin.save_error" /> : null}
      <LazyConfirmModal
        show={target !== null}
        title={target ? t('industrial_sites_admin.metadata.delete', { label: target.key }) : ''}
        confirm="delete"
        pending={mutation.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => target && mutation.mutate(target, { onSettled: () => setTarget(null) })}
      />
    </section>
  );
}
