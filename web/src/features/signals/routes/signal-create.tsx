import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { buildPath, paths } from '@portal/contract/routes';
import { PHOTO_MAX_BYTES } from '@portal/contract/constants';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useContractId } from '@/lib/auth/hooks';
import { pushAlert } from '@/lib/alerts';
import { errorMessageKey } from '@/lib/error-message';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';
import { createSignal, invalidateSignals, signalQueries, uploadSignalPhoto } from '../api/signals';
import { SignalLocationFields, signalLocationSchema } from '../components/signal-location-fields';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';

const formSchema = z.object({
  categoryId: z.coerce.number<string>().int().positive('required'),
  description: z.string().trim().min(1, 'required').max(4000),
  address: z.string().trim().max(500),
  location: signalLocationSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** /signalement/signaler: category, description, location (map click or coordinates), photos. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const contractId = useContractId();
  const categories = useQuery({ ...signalQueries.categories(contractId) });
  const [files, setFiles] = useState<File[]>([]);
  const { upload, track, done } = useUploadProgress();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { categoryId: '', description: '', address: '', location: null },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  // every chosen file is checked before anything is sent (portal.md section 5): one refused
  // photo keeps the signal from being created, and the form stays as it is
  const refused = files.map((file) => imageFileProblem(file, PHOTO_MAX_BYTES)).filter((p) => p !== null);
  const photosError = refused.length
    ? refused.map((problem) => imageFileMessage(t, problem)).join(' ')
    : null;

  const save = useMutation({
    mutationFn: async (values: FormOutput) => {
      const signal = await createSignal({
        contractId: contractId,
        categoryId: values.categoryId,
        description: values.description,
        address: values.address,
        location: values.location!,
      });
      const failures: { name: string; error: unknown }[] = [];
      for (const file of files) {
        try {
          await uploadSignalPhoto(signal.id, file, track(file.name));
        } catch (error) {
          failures.push({ name: file.name, error });
        } finally {
          done();
        }
      }
      await invalidateSignals(client, contractId);
      return { signal, failures };
    },
    onError: (error) => applyFieldErrors(form, error, ['categoryId', 'description', 'address', 'location']),
  });

  // the text of a field's error, none while the field is valid
  const message = (key: string, error?: { message?: string }) => {
    if (!error) return null;
    const m = error.message;
    return m === 'required'
      ? t('signals.required')
      : m === 'location'
        ? t('signals.location_required')
        : m || key;
  };

  return (
    <section>
      {unsaved.modal}
      <PageTitle>{t('signals.create_title')}</PageTitle>
      <Link to={paths.signals.list} className="d-inline-block mb-3">
        {t('signals.back')}
      </Link>
      {save.isError ? (
        <div className="mb-3">
          <ErrorMessage error={save.error} action={t('signals.error')} />
        </div>
      ) : null}
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (photosError) return;
          save.mutate(values, {
            onSuccess: ({ signal, failures }) => {
              const target = buildPath(paths.signals.detail, { signalId: signal.id });
              pushAlert('success', 'signals.created', target);
              for (const failure of failures)
                pushAlert('warning', 'signals.photo_failed', target, {
                  name: failure.name,
                  reason: t(errorMessageKey(failure.error)),
                });
              unsaved.release();
              void navigate(target);
            },
          });
        })}
      >
        <FormField
          id="signal-category"
          label={t('signals.field.category')}
          error={message('categoryId', errors.categoryId)}
          className="mb-3"
        >
          {(control) => (
            <Form.Select {...form.register('categoryId')} {...control}>
              <SelectOptions items={categories.data} empty={t('signals.field.choose_category')} />
            </Form.Select>
          )}
        </FormField>
        <FormField
          id="signal-description"
          label={t('signals.field.description')}
          error={message('description', errors.description)}
          className="mb-3"
        >
          {(control) => (
            <Form.Control as="textarea" rows={4} {...form.register('description')} {...control} />
          )}
        </FormField>
        <SignalLocationFields
          form={form}
          addressError={message('address', errors.address)}
          locationError={errors.location ? t('signals.location_required') : null}
        />
        <FormField
          id="signal-photos"
          label={t('signals.field.photos')}
          help={t('signals.photos_help')}
          error={photosError}
          announce
          className="mb-3"
        >
          {(control) => (
            <Form.Control
              type="file"
              multiple
              accept={IMAGE_ACCEPT}
              onChange={(e) => setFiles(Array.from((e.target as HTMLInputElement).files ?? []))}
              {...control}
            />
          )}
        </FormField>
        <UploadProgress upload={upload} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null} {t('signals.submit')}
        </Button>
      </Form>
    </section>
  );
}
