import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { IndustrialSiteContact } from '@portal/contract';
import { buildPath, paths } from '@portal/contract/routes';
import { AlertMessage, LoadingErrorAlert } from '@/components/ui/alerts';
import { FormField } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { invalidateSites, saveContact, siteAdminQueries } from '../api/admin-sites';
import { useFieldMessage } from '../components/admin/use-field-message';
import type { contactFormSchema } from '../components/admin/site-form-schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSiteContract } from '../components/admin/use-site-contract';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';

type Values = z.infer<typeof contactFormSchema>;

/** The form's schema (and zod) load with its first validation, not with the form. */
const resolver = lazyZodResolver(() =>
  import('../components/admin/site-form-schemas').then((m) => m.contactFormSchema),
);
const FIELDS = ['firstName', 'lastName', 'role', 'email', 'phone'] as const;

function ContactForm({ siteId, contact }: { siteId: number; contact: IndustrialSiteContact | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contractId, link } = useSiteContract();
  const back = link(buildPath(paths.admin.industrialSite, { siteId }));
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      role: contact?.role ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveContact(siteId, contact?.contactId ?? null, {
        firstName: v.firstName,
        lastName: v.lastName,
        role: v.role,
        email: v.email || null,
        phone: v.phone || null,
      }),
    onSuccess: () => invalidateSites(queryClient, contractId),
  });
  const { errors } = form.formState;
  const message = useFieldMessage();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        unsaved.release();
        void navigate(back);
      },
      onError: (error) => applyFieldErrors(form, error, FIELDS, { message: () => 'invalid' }),
    }),
  );
  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body" style={{ maxWidth: 640 }}>
      {unsaved.modal}
      {save.isError ? <AlertMessage variant="danger" messageKey="industrial_sites_admin.save_error" /> : null}
      {FIELDS.map((name) => (
        <FormField
          key={name}
          id={`contact-${name}`}
          label={t(`industrial_sites_admin.contacts.fields.${name}`)}
          error={message(errors[name] ? (errors[name].message ?? 'invalid') : undefined)}
          className="mb-3"
        >
          {(control) => (
            <Form.Control
              type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
              {...form.register(name)}
              {...control}
            />
          )}
        </FormField>
      ))}
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-secondary" onClick={() => void navigate(back)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null} {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}

/** /gestion-territoriale/site-industriel/:siteId/contact[/:contactId]: contact creation and edition share this screen. */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const siteId = Number(params.siteId);
  const contactId = params.contactId === undefined ? null : Number(params.contactId);
  const { contractId, link } = useSiteContract();
  const contact = useQuery({
    ...siteAdminQueries.contact(contractId, siteId, contactId ?? 0),
    enabled: contactId !== null && contractId !== null,
  });
  if (contractId === null) return <LoadingScreen />;
  return (
    <section className="site-contact">
      <Link to={link(buildPath(paths.admin.industrialSite, { siteId }))} className="btn btn-link px-0 mb-2">
        ← {t('common.back')}
      </Link>
      <PageTitle>
        {contactId === null
          ? t('industrial_sites_admin.contacts.create_title')
          : t('industrial_sites_admin.contacts.edit_title')}
      </PageTitle>
      {contactId === null ? <ContactForm siteId={siteId} contact={null} /> : null}
      {contactId !== null && contact.isError ? <LoadingErrorAlert /> : null}
      {contactId !== null && contact.isPending ? <LoadingScreen /> : null}
      {contactId !== null && contact.data ? (
        <ContactForm key={contact.data.contactId} siteId={siteId} contact={contact.data} />
      ) : null}
    </section>
  );
}
