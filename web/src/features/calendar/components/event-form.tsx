import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { CalendarCategory, CalendarEvent, CalendarEventInput } from '../api/calendars';
import { toLocalInput } from './dates';
import { ErrorMessage } from '@/components/ui/error-message';
import type { eventFormSchema } from './event-form-schema';

export type EventFormValues = z.infer<typeof eventFormSchema>;

/** The schema (and zod) load with the form's first validation, not with the screen. */
const resolver = lazyZodResolver(() => import('./event-form-schema').then((m) => m.eventFormSchema));
const FIELDS = ['title', 'categoryId', 'startDate', 'endDate', 'description'] as const;

/** A new event's values: the next whole hour, for an hour. */
export function newEventValues(): EventFormValues {
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

/** An existing event's values, its dates in local time. */
export function eventValues(event: CalendarEvent): EventFormValues {
  return {
    title: event.title,
    categoryId: event.categoryId !== null ? String(event.categoryId) : '',
    startDate: toLocalInput(new Date(event.startDate)),
    endDate: toLocalInput(new Date(event.endDate)),
    description: event.description,
  };
}

/**
 * The event's fields (title, category, start, end not before start, description), the same for a
 * creation and an edit: the server's 400 field errors land on the fields, leaving with unsaved
 * changes asks first.
 */
export function EventForm({
  initial,
  categories,
  submitLabel,
  back,
  save,
  onSaved,
}: {
  initial: EventFormValues;
  categories: CalendarCategory[] | undefined;
  submitLabel: string;
  /** where Cancel leads */
  back: string;
  save: (input: CalendarEventInput) => Promise<CalendarEvent>;
  /** after a success (the guard released) */
  onSaved: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<EventFormValues>({
    resolver,
    defaultValues: initial,
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;

  const mutation = useMutation({
    meta: { successMessage: 'calendar.event_saved' },
    mutationFn: (values: EventFormValues) =>
      save({
        title: values.title,
        categoryId: values.categoryId ? Number(values.categoryId) : null,
        startDate: new Date(values.startDate).toISOString(),
        endDate: new Date(values.endDate).toISOString(),
        description: values.description,
      }),
    onMutate: () => setServerError(null),
    onError: (error) => {
      applyFieldErrors(form, error, FIELDS, {
        message: (fe, name) =>
          name === 'endDate' && /before/.test(fe.message) ? 'bad_date_range' : fe.message,
      });
      setServerError(error);
    },
    onSuccess: (event) => {
      unsaved.release();
      onSaved(event);
    },
  });

  const message = (m?: string) =>
    m === 'required'
      ? t('calendar.required')
      : m === 'bad_date_range' || m === 'invalid_date' || m === 'too_long'
        ? t(`calendar.errors.${m}`)
        : m;

  return (
    <>
      {unsaved.modal}
      {serverError ? (
        <div className="mb-3">
          <ErrorMessage error={serverError} action={t('calendar.error')} />
        </div>
      ) : null}
      <Form
        noValidate
        style={{ maxWidth: 640 }}
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
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
              <SelectOptions items={categories} empty={t('calendar.no_category')} />
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
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner size="sm" /> : null} {submitLabel}
          </Button>
          <Link to={back} className="btn btn-outline-secondary">
            {t('common.cancel')}
          </Link>
        </div>
      </Form>
    </>
  );
}
