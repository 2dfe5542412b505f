import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { COUNTRIES, DEFAULT_COUNTRY_CODE } from '@portal/contract/constants';
import { paths } from '@portal/contract/routes';
import { AlertMessage } from '@/components/ui/alerts';
import { FormField } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCurrentContract } from '@/lib/auth/hooks';
import { CONTRACT_LIST_READS, createContract } from '../api/contracts';
import { invalidateEndpoints } from '@/lib/endpoint-query';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import type { ContractFormValues } from '../components/contract-form-schema';

type Values = ContractFormValues;

/** The form's schema (and zod) load with its first validation, not with the form. */
const resolver = lazyZodResolver(() =>
  import('../components/contract-form-schema').then((m) => m.contractFormSchema),
);

/** /admin/contrat/creation: create a contract, then the success screen. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contractId: current } = useCurrentContract();
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      label: '',
      status: 'TO_FINALIZE',
      country: DEFAULT_COUNTRY_CODE,
      theme: 'default',
      primaryColor: '',
      secondaryColor: '',
      realm: '',
      contractUrl: '',
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const creation = useMutation({
    mutationFn: (v: Values) =>
      createContract({
        label: v.label,
        status: v.status,
        contractMetadatas: {
          contract_country_code: v.country,
          theme: v.theme,
          ...(v.primaryColor ? { primaryColor: v.primaryColor } : {}),
          ...(v.secondaryColor ? { secondaryColor: v.secondaryColor } : {}),
          ...(v.realm ? { realm: v.realm } : {}),
          ...(v.contractUrl ? { contractUrl: v.contractUrl } : {}),
        },
      }),
    onSuccess: () => invalidateEndpoints(queryClient, current, CONTRACT_LIST_READS),
  });
  const { errors } = form.formState;
  const message = (field: keyof Values) => {
    const key = errors[field]?.message;
    return key
      ? t(`contracts.form.errors.${key}`, { defaultValue: t('contracts.form.errors.invalid') })
      : null;
  };
  const onSubmit = form.handleSubmit((values) =>
    creation.mutate(values, {
      onSuccess: (contract) => {
        unsaved.release();
        void navigate(paths.admin.createContractDone, { state: { id: contract.id, label: contract.label } });
      },
      onError: (error) => applyFieldErrors(form, error, ['label'], { message: () => 'invalid' }),
    }),
  );
  const field = (name: keyof Values, type = 'text') => (
    <FormField
      id={`contract-${name}`}
      label={t(`contracts.form.${name}`)}
      error={message(name)}
      className="mb-3"
    >
      {(control) => <Form.Control type={type} {...form.register(name)} {...control} />}
    </FormField>
  );
  return (
    <section className="contract-create">
      {unsaved.modal}
      <PageTitle>{t('screens.contract_create')}</PageTitle>
      {creation.isError ? <AlertMessage variant="danger" messageKey="contracts.form.error" /> : null}
      <Form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="card card-body"
        style={{ maxWidth: 640 }}
      >
        {field('label')}
        <FormField id="contract-status" label={t('contracts.form.status')} className="mb-3">
          {(control) => (
            <Form.Select {...form.register('status')} {...control}>
              <option value="TO_FINALIZE">{t('contract_status.TO_FINALIZE')}</option>
              <option value="ACTIVE">{t('contract_status.ACTIVE')}</option>
            </Form.Select>
          )}
        </FormField>
        <FormField id="contract-country" label={t('contracts.form.country')} className="mb-3">
          {(control) => (
            <Form.Select {...form.register('country')} {...control}>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </Form.Select>
          )}
        </FormField>
        <FormField id="contract-theme" label={t('contracts.form.theme')} className="mb-3">
          {(control) => (
            <Form.Select {...form.register('theme')} {...control}>
              <option value="default">{t('contracts.form.theme_default')}</option>
              <option value="alternate">{t('contracts.form.theme_alternate')}</option>
            </Form.Select>
          )}
        </FormField>
        {field('primaryColor')}
        {field('secondaryColor')}
        {field('realm')}
        {field('contractUrl', 'url')}
        <div className="d-flex gap-2 justify-content-end">
          <Button variant="outline-secondary" onClick={() => void navigate(paths.admin.contracts)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={creation.isPending}>
            {creation.isPending ? <Spinner size="sm" /> : null} {t('contracts.form.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
