/**
 * Edit an organization or an operator: the add wizard's first-step fields,
 * filled from the organization, saved with `PUT /api/organization/{id}`. A 400 lands on its
 * field, any other failure shows in the dialog with the input kept; the detail, lists and counts
 * are read again after the save.
 */
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type TFunction, useTranslation } from '@/lib/i18n';
import type { Organization } from '@portal/contract';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { organizationQueries, updateOrganization } from './api';
import {
  ORGANIZATION_FIELDS,
  OrganizationFieldset,
  fieldsOf,
  organizationPayload,
  organizationSchema,
  useContractCountry,
  type OrganizationFields,
} from './organization-fields';
import { SaveButtons } from '@/components/ui/save-buttons';
import { WizardModal, useInvalidateEndpoints } from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

export interface EditOrganizationDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organization: Organization;
}

interface LoadedProps extends EditOrganizationDialogProps {
  initial: OrganizationFields;
  titleId: string;
}

/** 'Modifier l'exploitant …' or 'Modifier l'organisation …', by the type chosen. */
const titleOf = (t: TFunction, type: string, label: string) =>
  t(type === 'Operator' ? 'wizards.organization.edit_operator' : 'wizards.organization.edit_community', {
    label,
  });

/** The dialog once the organization's country is known: one form, one save. */
function EditOrganizationForm({ show, onHide, contractId, organization, initial, titleId }: LoadedProps) {
  const { t } = useTranslation();
  const invalidate = useInvalidateEndpoints(
    contractId,
    TERRITORY_CHANGES.organization,
    TERRITORY_CHANGES.configuration,
  );
  const form = useForm<OrganizationFields>({
    defaultValues: initial,
    resolver: zodResolver(organizationSchema),
    mode: 'onTouched',
  });
  // the title follows the type chosen in the form (an organization switched to an operator)
  const title = titleOf(t, useWatch({ control: form.control, name: 'type' }), organization.label);
  const save = useMutation({
    mutationFn: async (values: OrganizationFields) => {
      const { type, ...rest } = organizationPayload(values);
      await updateOrganization(organization.id, {
        ...rest,
        // the master organization keeps its type: not sent, so never refused for it
        ...(organization.organizationMaster ? {} : { type }),
        countryCode: values.countryCode === 'TN' ? 'TN' : 'FR',
      });
      await invalidate();
    },
    onError: (error) => {
      applyFieldErrors(form, error, ORGANIZATION_FIELDS);
    },
    onSuccess: () => {
      form.reset(form.getValues());
      onHide();
    },
  });
  return (
    <WizardModal
      show={show}
      onHide={onHide}
      title={title}
      titleId={titleId}
      error={save.isError ? save.error : undefined}
      dirty={form.formState.isDirty && !save.isSuccess}
      saving={save.isPending}
    >
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      >
        <OrganizationFieldset
          contractId={contractId}
          form={form}
          typeEditable
          typeLocked={organization.organizationMaster}
        />
        <SaveButtons pending={save.isPending} onCancel={onHide} />
      </form>
    </WizardModal>
  );
}

export function EditOrganizationDialog(props: EditOrganizationDialogProps) {
  const { show, onHide, contractId, organization } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const contractCountry = useContractCountry(contractId);
  const legalEntities = useQuery({
    ...organizationQueries.legalEntities(contractId, organization.type),
    enabled: show,
  });
  // the form starts from the organization's country, read from its legal entity: a failed read is
  // said in the dialog with its retry (never a spinner that does not end)
  if (legalEntities.isPending || legalEntities.isError)
    return (
      <WizardModal
        show={show}
        onHide={onHide}
        title={titleOf(t, organization.type, organization.label)}
        titleId={titleId}
      >
        {legalEntities.isError ? <LoadingErrorAlert onRetry={legalEntities.refetch} /> : <Spinner />}
      </WizardModal>
    );
  const entityCountry = legalEntities.data?.find((e) => e.id === organization.legalEntity?.id)?.countryCode;
  return (
    <EditOrganizationForm
      // a new form each time the dialog opens: it starts from what is saved
      key={show ? `open-${organization.id}` : 'closed'}
      {...props}
      initial={fieldsOf(organization, entityCountry ?? contractCountry)}
      titleId={titleId}
    />
  );
}
