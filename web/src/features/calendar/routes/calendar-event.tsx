import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { isRealIsoDate } from '@portal/contract/dates';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { pushAlert } from '@/lib/alerts';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCurrentContract } from '@/lib/auth/hooks';
import { calendarQueries, createCalendarEvent, invalidateCalendar } from '../api/calendars';
import { dayKey, toLocalInput } from '../components/dates';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';

// the contract's date rule (a real calendar date and time), as the server checks it
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'required')
  .refine(isRealIsoDate, 'invalid_date');
const formSchema = z
  .object({
    title: z.string().trim().min(1, 'required').max(255),
    categoryId: z.string(),
    startDate: localDateTime,
    endDate: localDateTime,
    description: z.string().max(4000),
  })
  // datetime-local values of the same form compare as text
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'bad_date_range' });
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['title', 'categoryId', 'startDate', 'endDate', 'description'] as const;

function defaults(): FormValues {
  const start = new Date();
  start.setHours(start.getHours() + 1, 0, 0, 0);
  const end = new Date(start);
  end.setHours(end.getHours() + 1);
  return {
    title: '',
    categoryId: '',
    startDate: toLocalInput(start),
    endDate: toLocalInput(end),
    description: '',
  };
}

/** /calendrier/:calendrierId/evenement: create an event (title, category, start, end not before start, description). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const calendarId = Number(useParams().calendrierId);
  const { contractId } = useCurrentContract();
  const cid = contractId ?? 0;
  const valid = Number.isInteger(calendarId) && calendarId > 0 && contractId !== null;
  const calendar = useQuery({ ...calendarQueries.detail(cid, calendarId), enabled: valid });
  const categories = useQuery({ ...calendarQueries.categories(cid, calendarId), enabled: valid });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults() });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const created = await createCalendarEvent(calendarId, {
        title: values.title,
        categoryId: values.categoryId ? Number(values.categoryId) : null,
        startDate: new Date(values.startDate).toISOString(),
        endDate: new Date(values.endDate).toISOString(),
        description: values.description,
      });
      await invalidateCalendar(client, cid, calendarId);
      return created;
    },
    onError: (error) => {
      applyFieldErrors(form, error, FIELDS, {
        message: (fe, name) =>
          name === 'endDate' && /before/.test(fe.message) ? 'bad_date_range' : fe.message,
      });
      setServerError(error.message);
    },
  });

  const message = (m?: string) =>
    m === 'required'
      ? t('calendar.required')
      : m === 'bad_date_range' || m === 'invalid_date'
        ? t(`calendar.errors.${m}`)
        : m;
  const back = buildPath(paths.calendar.detail, { calendrierId: calendarId });

  if (calendar.isError || categories.isError) return <LoadingErrorAlert />;
  if (calendar.isPending) return <Spinner />;

  return (
    <section>
      {unsaved.modal}
      <PageTitle>{t('calendar.new_event_title', { label: calendar.data.label })}</PageTitle>
      <Link to={back} className="d-inline-block mb-3">
        {t('calendar.back_to', { label: calendar.data.label })}
      </Link>
      {serverError ? (
        <div role="alert" className="alert alert-danger">
          {t('calendar.error', { message: serverError })}
        </div>
      ) : null}
      <Form
        noValidate
        style={{ maxWidth: 640 }}
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: (event) => {
              const target = `${back}?date=${dayKey(new Date(event.startDate))}`;
              pushAlert('success', 'calendar.event_created', back);
              unsaved.release();
              void navigate(target);
            },
          }),
        )}
      >
        <FormField
          id="calendar-event-title"
          label={t('calendar.field.title')}
          error={message(errors.title?.message)}
          className="mb-3"
        >
          {(control) => <Form.Control {...form.register('title')} {...control} />}
        </FormField>
        <FormField
          id="calendar-event-category"
          label={t('calendar.field.category')}
          error={message(errors.categoryId?.message)}
          className="mb-3"
        >
          {(control) => (
            <Form.Select {...form.register('categoryId')} {...control}>
              <SelectOptions items={categories.data} empty={t('calendar.no_category')} />
            </Form.Select>
          )}
        </FormField>
        <div className="d-flex flex-wrap gap-3 mb-3">
          <FormField
            id="calendar-event-start"
            label={t('calendar.field.start')}
            error={message(errors.startDate?.message)}
          >
            {(control) => <Form.Control type="datetime-local" {...form.register('startDate')} {...control} />}
          </FormField>
          <FormField
            id="calendar-event-end"
            label={t('calendar.field.end')}
            error={message(errors.endDate?.message)}
            announce
          >
            {(control) => <Form.Control type="datetime-local" {...form.register('endDate')} {...control} />}
          </FormField>
        </div>
        <FormField
          id="calendar-event-description"
          label={t('calendar.field.description')}
          error={message(errors.description?.message)}
          className="mb-3"
        >
          {(control) => (
            <Form.Control as="textarea" rows={3} {...form.register('description')} {...control} />
          )}
        </FormField>
        <div className="d-flex gap-2">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null} {t('calendar.create_event')}
          </Button>
          <Link to={back} className="btn btn-outline-secondary">
            {t('common.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
