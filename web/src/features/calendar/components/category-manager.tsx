import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { z } from 'zod';
import { LazyConfirmModal } from '@/components/ui/lazy-confirm-modal';
import { FormField } from '@/components/ui/form-field';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import {
  createCalendarCategory,
  deleteCalendarCategory,
  invalidateCalendar,
  type CalendarCategory,
} from '../api/calendars';
import { ErrorMessage } from '@/components/ui/error-message';
import type { categoryFormSchema } from './category-form-schema';

/** The schema (and zod) load with the form's first validation, not with the screen. */
const resolver = lazyZodResolver(() => import('./category-form-schema').then((m) => m.categoryFormSchema));
type FormValues = z.infer<typeof categoryFormSchema>;

/** The calendar admins' panel: the categories with their colours, one to add, delete with a confirmation. */
export function CategoryManager({
  contractId,
  calendarId,
  categories,
}: {
  contractId: number;
  calendarId: number;
  categories: CalendarCategory[];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [toDelete, setToDelete] = useState<CalendarCategory | null>(null);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { label: '', color: '#1f6feb' },
  });
  const { errors } = form.formState;

  const create = useMutation({
    meta: { successMessage: 'calendar.category_added' },
    mutationFn: async (values: FormValues) => {
      const created = await createCalendarCategory(calendarId, values);
      await invalidateCalendar(client, contractId);
      return created;
    },
    onError: (e) => {
      applyFieldErrors(form, e, ['label', 'color']);
      setError(e);
    },
  });
  const remove = useMutation({
    meta: { successMessage: 'calendar.category_deleted', errorMessage: 'failure.delete_failed' },
    mutationFn: async (category: CalendarCategory) => {
      await deleteCalendarCategory(calendarId, category.id);
      await invalidateCalendar(client, contractId);
    },
    onError: (e) => setError(e),
  });

  const message = (m?: string) =>
    m === 'required'
      ? t('calendar.required')
      : m === 'color'
        ? t('calendar.color_invalid')
        : m === 'too_long'
          ? t('calendar.errors.too_long')
          : m;

  return (
    <section aria-labelledby="calendar-categories-admin" className="mt-4">
      <h2 id="calendar-categories-admin" className="h5">
        {t('calendar.manage_categories')}
      </h2>
      {error ? (
        <div className="mb-3">
          <ErrorMessage error={error} action={t('calendar.error')} />
        </div>
      ) : null}
      <table className="table table-sm w-auto">
        <caption className="visually-hidden">{t('calendar.categories')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('calendar.field.label')}</th>
            <th scope="col">{t('calendar.field.color')}</th>
            <th scope="col">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c.id}>
              <td>{c.label}</td>
              <td>
                <span
                  aria-hidden="true"
                  className="d-inline-block rounded me-2 align-middle"
                  style={{ width: 16, height: 16, background: c.color }}
                />
                <code>{c.color}</code>
              </td>
              <td>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setToDelete(c)}
                  aria-label={t('calendar.delete_category', { label: c.label })}
                >
                  {t('common.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form
        noValidate
        className="d-flex flex-wrap gap-3 align-items-start"
        onSubmit={form.handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: () => {
              setError(null);
              form.reset({ label: '', color: values.color });
            },
          }),
        )}
      >
        <FormField
          id="calendar-category-label"
          label={t('calendar.field.new_category')}
          error={message(errors.label?.message)}
        >
          {(control) => <Form.Control {...form.register('label')} {...control} />}
        </FormField>
        <FormField
          id="calendar-category-color"
          label={t('calendar.field.color')}
          error={message(errors.color?.message)}
        >
          {(control) => (
            <Form.Control
              type="color"
              {...form.register('color')}
              title={t('calendar.field.color')}
              {...control}
            />
          )}
        </FormField>
        <Button type="submit" variant="primary" className="mt-4" disabled={create.isPending}>
          {t('calendar.add_category')}
        </Button>
      </Form>
      <LazyConfirmModal
        show={toDelete !== null}
        title={t('calendar.delete_category_title', { label: toDelete?.label ?? '' })}
        body={t('calendar.delete_category_body')}
        confirm="delete"
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
      />
    </section>
  );
}
