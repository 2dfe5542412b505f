/**
 * Add users (territorial-admin.md "Add wizards"): organizations (only when none is fixed), e-mails
 * (delimiters Enter, Tab, Space, semicolon), a role per e-mail, success with 'create new'.
 */
import { useId, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { INVITABLE_ROLES, PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { DualList } from '@/components/ui/dual-list';
import { useGranted } from '@/lib/auth/hooks';
import { rolesChangedFor } from '@/lib/auth/permissions';
import { useWizard } from '@/lib/use-wizard';
import { organizationQueries } from '../organizations/api';
import { inviteUsers } from './api';
import { addEmails, isEmailDelimiterKey } from './emails';
import {
  NavButtons,
  Stepper,
  SuccessScreen,
  WizardModal,
  useInvalidateEndpoints,
  useWizardSave,
} from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

export interface AddUsersWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

type InvitableRole = (typeof INVITABLE_ROLES)[number];
type Step = 'organizations' | 'emails' | 'roles';

/** One form for the whole wizard: each step reads and writes its own fields. */
interface UsersValues {
  organizations: (number | string)[];
  emails: string[];
  /** what is typed and not yet turned into an e-mail */
  pending: string;
  roles: Record<string, InvitableRole>;
}

const EMPTY: UsersValues = { organizations: [], emails: [], pending: '', roles: {} };
type UsersForm = UseFormReturn<UsersValues>;

/**
 * Turns what is typed into e-mails; what is not an address stays in the field with the 'email'
 * error. Returns the list, or null when something typed was refused.
 */
function commitPending(form: UsersForm, value: string): string[] | null {
  const current = form.getValues('emails');
  if (!value.trim()) return current;
  const result = addEmails(current, value);
  form.setValue('emails', result.list, { shouldDirty: true });
  form.setValue('pending', result.invalid.join(' '), { shouldDirty: true });
  if (result.invalid.length) {
    form.setError('emails', { type: 'email' });
    return null;
  }
  form.clearErrors('emails');
  return result.list;
}

function EmailStep({ form }: { form: UsersForm }) {
  const { t } = useTranslation();
  const id = useId();
  const [emails, text] = useWatch({ control: form.control, name: ['emails', 'pending'] });
  const errorType = form.formState.errors.emails?.type;
  const error = errorType === 'email' || errorType === 'empty' ? errorType : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isEmailDelimiterKey(event.key)) return;
    // Tab on an empty field moves the focus as usual
    if (event.key === 'Tab' && !text.trim()) return;
    event.preventDefault();
    commitPending(form, text);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[\s;]/.test(pasted)) return;
    event.preventDefault();
    commitPending(form, `${text} ${pasted}`);
  };
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {t('wizards.users.emails_label')}
      </label>
      <input
        id={id}
        type="text"
        inputMode="email"
        autoComplete="off"
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          // a semicolon or a space typed (or pasted) inside the text also ends an e-mail
          if (/[;\s]$/.test(value) && value.trim()) commitPending(form, value);
          else form.setValue('pending', value, { shouldDirty: true });
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
      />
      <div id={`${id}-help`} className="form-text">
        {t('wizards.users.emails_help')}
      </div>
      {error ? (
        <div id={`${id}-error`} className="text-danger small" role="alert">
          {t(error === 'email' ? 'wizards.errors.email' : 'wizards.errors.empty')}
        </div>
      ) : null}
      <ul
        className="list-unstyled d-flex flex-wrap gap-2 mt-3"
        aria-label={t('wizards.users.emails_entered')}
      >
        {emails.map((email) => (
          <li
            key={email}
            className="badge text-bg-light border d-flex align-items-center gap-1 fw-normal fs-6"
          >
            {email}
            <button
              type="button"
              className="btn-close btn-sm"
              aria-label={t('wizards.users.remove_email', { email })}
              onClick={() =>
                form.setValue(
                  'emails',
                  emails.filter((e) => e !== email),
                  { shouldDirty: true },
                )
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A role per e-mail; only a portal super admin may grant more than the user role. */
function RolesStep({ form, roleOptions }: { form: UsersForm; roleOptions: InvitableRole[] }) {
  const { t } = useTranslation();
  const [emails, roles] = useWatch({ control: form.control, name: ['emails', 'roles'] });
  return (
    <table className="table align-middle">
      <caption className="visually-hidden">{t('wizards.users.roles_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('wizards.users.email')}</th>
          <th scope="col">{t('wizards.users.role')}</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <tr key={email}>
            <td>{email}</td>
            <td>
              <select
                className="form-select form-select-sm"
                aria-label={t('wizards.users.role_of', { email })}
                value={roles[email] ?? ROLES.USER}
                disabled={roleOptions.length === 1}
                onChange={(event) =>
                  form.setValue(
                    'roles',
                    { ...roles, [email]: event.target.value as InvitableRole },
                    { shouldDirty: true },
                  )
                }
              >
                {roleOptions.map((role) => (
                  <option key={role} value={role}>
                    {t(`wizards.users.roles.${role}`)}
                  </option>
                ))}
              </select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AddUsersWizard({ show, onHide, contractId, organizationId, onDone }: AddUsersWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invalidate = useInvalidateEndpoints(
    contractId,
    TERRITORY_CHANGES.user,
    TERRITORY_CHANGES.organization,
  );
  const canGrantContractAdmin = useGranted([PORTAL_SUPER_ADMIN]);
  const steps: Step[] =
    organizationId === undefined ? ['organizations', 'emails', 'roles'] : ['emails', 'roles'];
  const wizard = useWizard(steps.length);
  const form = useForm<UsersValues>({ defaultValues: EMPTY });
  const [organizations, emails] = useWatch({ control: form.control, name: ['organizations', 'emails'] });
  const save = useWizardSave();
  const step = steps[wizard.step] ?? 'emails';

  const orgList = useQuery({
    ...organizationQueries.picker(contractId),
    enabled: show && organizationId === undefined,
  });

  const reset = () => {
    form.reset(EMPTY);
    wizard.reset();
  };
  const close = () => {
    onHide();
    if (wizard.done) reset();
  };
  const nextFromEmails = () => {
    const list = commitPending(form, form.getValues('pending'));
    if (list === null) return;
    if (list.length === 0) {
      form.setError('emails', { type: 'empty' });
      return;
    }
    form.clearErrors('emails');
    wizard.next();
  };
  const validate = () =>
    save.run(async () => {
      const values = form.getValues();
      await inviteUsers(contractId, [
        {
          organizations: organizationId !== undefined ? [organizationId] : values.organizations.map(Number),
          users: values.emails.map((email) => ({
            email,
            roles: [canGrantContractAdmin ? (values.roles[email] ?? ROLES.USER) : ROLES.USER],
          })),
        },
      ]);
      await invalidate();
      // inviting oneself changes one's own roles: the menus and the redirect check follow
      void rolesChangedFor(values.emails);
      wizard.finish();
      onDone?.();
    });
  const labels: Record<Step, string> = {
    organizations: t('wizards.users.steps.organizations'),
    emails: t('wizards.users.steps.emails'),
    roles: t('wizards.users.steps.roles'),
  };
  const roleOptions: InvitableRole[] = canGrantContractAdmin ? [...INVITABLE_ROLES] : [ROLES.USER];

  return (
    <WizardModal
      show={show}
      onHide={close}
      title={t('wizards.users.title')}
      titleId={titleId}
      error={save.error}
      saving={save.pending}
      dirty={!wizard.done && form.formState.isDirty}
    >
      {wizard.done ? (
        <SuccessScreen
          message={t('wizards.users.success', { count: emails.length })}
          again={t('wizards.create_new')}
          onAgain={reset}
          onClose={close}
        />
      ) : (
        <div key={wizard.stepKey}>
          <Stepper steps={steps.map((s) => labels[s])} current={wizard.step} />
          <h3 className="h6 mb-3">{labels[step]}</h3>
          {step === 'organizations' ? (
            <>
              <DualList
                items={(orgList.data ?? []).map((o) => ({ id: o.id, label: o.label }))}
                loading={orgList.isPending && !orgList.isError}
                failed={orgList.isError}
                onRetry={orgList.refetch}
                selected={organizations}
                onChange={(next) => form.setValue('organizations', next, { shouldDirty: true })}
                availableLabel={t('wizards.users.organizations_available')}
                selectedLabel={t('wizards.users.organizations_selected')}
              />
              <NavButtons onNext={wizard.next} />
            </>
          ) : step === 'emails' ? (
            <>
              <EmailStep form={form} />
              <NavButtons onPrevious={wizard.isFirst ? undefined : wizard.back} onNext={nextFromEmails} />
            </>
          ) : (
            <>
              <RolesStep form={form} roleOptions={roleOptions} />
              <NavButtons
                onPrevious={wizard.back}
                onNext={() => void validate()}
                nextLabel={t('common.validate')}
                pending={save.pending}
              />
            </>
          )}
        </div>
      )}
    </WizardModal>
  );
}
