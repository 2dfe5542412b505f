/**
 * Edit an organization or an operator: the add wizard's first-step fields,
 * filled from the organization, saved with `PUT /api/organization/{id}`. A 400 lands on its
 * field, any other failure shows in the dialog with the input kept; the detail, lists and counts
 * are read again after the save.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Organization } from '@portal/contract';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { organizationQueries, updateOrganization } from '../api/organizations';
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
import { WizardModal, useInvalidateContract } from './wizard-parts';

export interface EditOrganizationDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organization: Organization;
}

interface LoadedProps extends EditOrganizationDialogProps {
  initial: OrganizationFields;
  titleId: string;
  title: string;
}

/** The dialog once the organization's country is known: one form, one save. */
function EditOrganizationForm({
  show,
  onHide,
  contractId,
  organization,
  initial,
  titleId,
  title,
}: LoadedProps) {
  const invalidate = useInvalidateContract(contractId);
  const form = useForm<OrganizationFields>({
    defaultValues: initial,
    resolver: zodResolver(organizationSchema),
    mode: 'onTouched',
  });
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
  const title = t(
    organization.type === 'Operator'
      ? 'wizards.organization.edit_operator'
      : 'wizards.organization.edit_community',
    { label: organization.label },
  );
  if (legalEntities.isPending)
    return (
      <WizardModal show={show} onHide={onHide} title={title} titleId={titleId}>
        <Spinner />
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
      title={title}
    />
  );
}
