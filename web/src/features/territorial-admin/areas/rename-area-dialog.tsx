/**
 * Rename an area: one field, filled with its name (an automatic "X et 1 autre"
 * included), saved with PUT /api/contract/{id}/area/{areaId}. A 400 lands on the field, a name
 * another area has (409) says so on the field, any other failure shows in the dialog with the
 * input kept; closing with a change asks first.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { z } from 'zod';
import { areaUpdate } from '@portal/contract/territory';
import type { Area } from '@portal/contract';
import { TEXT_MAX_LENGTH } from '@portal/contract/constants';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { renameContractArea } from './api';
import { SaveButtons } from '@/components/ui/save-buttons';
import { WizardModal, useInvalidateEndpoints } from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';
import { errorMessageKey } from '@/lib/error-message';

export interface RenameAreaDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  area: Pick<Area, 'id' | 'label'>;
}

/** The contract's rename payload: a trimmed label, not empty, at most TEXT_MAX_LENGTH characters. */
const schema = areaUpdate;
type Values = z.infer<typeof schema>;

function RenameForm({ show, onHide, contractId, area }: RenameAreaDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const invalidate = useInvalidateEndpoints(contractId, TERRITORY_CHANGES.area);
  const form = useForm<Values>({ defaultValues: { label: area.label }, resolver: zodResolver(schema) });
  const save = useMutation({
    mutationFn: async ({ label }: Values) => {
      await renameContractArea(contractId, area.id, label.trim());
      await invalidate();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        form.setError('label', { type: 'server', message: t('territorial_admin.areas.name_taken') });
      else
        applyFieldErrors(form, error, ['label'], {
          message: () => t('wizards.errors.server_refused', { message: t(errorMessageKey(error)) }),
        });
    },
    onSuccess: () => {
      form.reset(form.getValues());
      onHide();
    },
  });
  const error = form.formState.errors.label;
  const message = error ? (error.type === 'server' ? error.message : t('wizards.errors.empty_field')) : null;
  // a 409, or a 400 naming the label, says so on the field: not twice under the form
  const onField =
    save.error instanceof ApiError &&
    (save.error.status === 409 || save.error.fieldErrors.some((e) => e.path.split('.')[0] === 'label'));
  const shownError = save.isError && !onField;
  return (
    <WizardModal
      show={show}
      onHide={onHide}
      title={t('territorial_admin.areas.rename_title', { label: area.label })}
      titleId={titleId}
      error={shownError ? save.error : undefined}
      dirty={form.formState.isDirty && !save.isSuccess}
      saving={save.isPending}
    >
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      >
        <label htmlFor={fieldId} className="form-label">
          {t('territorial_admin.areas.name')} <span aria-hidden="true">*</span>
        </label>
        <input
          id={fieldId}
          className={`form-control${message ? ' is-invalid' : ''}`}
          maxLength={TEXT_MAX_LENGTH}
          {...form.register('label')}
          aria-required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${fieldId}-error` : `${fieldId}-help`}
        />
        {message ? (
          <div id={`${fieldId}-error`} className="invalid-feedback d-block">
            {message}
          </div>
        ) : (
          <div id={`${fieldId}-help`} className="form-text">
            {t('territorial_admin.areas.name_help')}
          </div>
        )}
        <SaveButtons pending={save.isPending} onCancel={onHide} />
      </form>
    </WizardModal>
  );
}

export function RenameAreaDialog(props: RenameAreaDialogProps) {
  // a new form each time the dialog opens: it starts from the saved name
  return <RenameForm key={props.show ? `open-${props.area.id}` : 'closed'} {...props} />;
}
