/**
 * Add users (territorial-admin.md "Add wizards"): organizations (only when none is fixed), e-mails
 * (delimiters Enter, Tab, Space, semicolon), a role per e-mail, success with 'create new'.
 */
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVITABLE_ROLES, PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract';
import { DualList } from '@/components/ui/dual-list';
import { useGranted } from '@/lib/auth/hooks';
import { rolesChangedFor } from '@/lib/auth/permissions';
import { organizationQueries } from '../api/organizations';
import { inviteUsers } from '../api/users';
import { addEmails, isEmailDelimiterKey } from './emails';
import {
  NavButtons,
  Stepper,
  SuccessScreen,
  WizardModal,
  useInvalidateContract,
  useWizardSave,
} from './wizard-parts';

export interface AddUsersWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

type InvitableRole = (typeof INVITABLE_ROLES)[number];
type Step = 'organizations' | 'emails' | 'roles';

function EmailStep({
  emails,
  onChange,
  error,
  setError,
  text,
  setText,
}: {
  emails: string[];
  onChange: (emails: string[]) => void;
  error: 'email' | 'empty' | null;
  setError: (error: 'email' | 'empty' | null) => void;
  text: string;
  setText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const commit = (value: string): boolean => {
    if (!value.trim()) return false;
    const result = addEmails(emails, value);
    onChange(result.list);
    if (result.invalid.length) {
      setText(result.invalid.join(' '));
      setError('email');
    } else {
      setText('');
      setError(null);
    }
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isEmailDelimiterKey(event.key)) return;
    // Tab on an empty field moves the focus as usual
    if (event.key === 'Tab' && !text.trim()) return;
    event.preventDefault();
    commit(text);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[\s;]/.test(pasted)) return;
    event.preventDefault();
    commit(`${text} ${pasted}`);
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
          if (/[;\s]$/.test(value) && value.trim()) commit(value);
          else setText(value);
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
              onClick={() => onChange(emails.filter((e) => e !== email))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AddUsersWizard({ show, onHide, contractId, organizationId, onDone }: AddUsersWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invalidate = useInvalidateContract(contractId);
  const canGrantContractAdmin = useGranted([PORTAL_SUPER_ADMIN]);
  const steps: Step[] =
    organizationId === undefined ? ['organizations', 'emails', 'roles'] : ['emails', 'roles'];
  const [index, setIndex] = useState(0);
  const [organizations, setOrganizations] = useState<(number | string)[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<'email' | 'empty' | null>(null);
  const [roles, setRoles] = useState<Record<string, InvitableRole>>({});
  const save = useWizardSave();
  const { pending } = save;
  const [done, setDone] = useState(false);
  const step = steps[index] ?? 'emails';

  const orgList = useQuery({
    ...organizationQueries.picker(contractId),
    enabled: show && organizationId === undefined,
  });

  const reset = () => {
    setIndex(0);
    setOrganizations([]);
    setEmails([]);
    setText('');
    setError(null);
    setRoles({});
    setDone(false);
  };
  const close = () => {
    onHide();
    if (done) reset();
  };
  const nextFromEmails = () => {
    let list = emails;
    if (text.trim()) {
      const result = addEmails(emails, text);
      list = result.list;
      setEmails(list);
      if (result.invalid.length) {
        setText(result.invalid.join(' '));
        setError('email');
        return;
      }
      setText('');
    }
    if (list.length === 0) {
      setError('empty');
      return;
    }
    setError(null);
    setIndex((i) => i + 1);
  };
  const roleOf = (email: string): InvitableRole => roles[email] ?? ROLES.USER;
  const validate = () =>
    save.run(async () => {
      await inviteUsers(contractId, [
        {
          organizations: organizationId !== undefined ? [organizationId] : organizations.map(Number),
          users: emails.map((email) => ({
            email,
            roles: [canGrantContractAdmin ? roleOf(email) : ROLES.USER],
          })),
        },
      ]);
      await invalidate();
      // inviting oneself changes one's own roles: the menus and the redirect check follow
      void rolesChangedFor(emails);
      setDone(true);
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
      dirty={!done && (organizations.length > 0 || emails.length > 0 || text.trim() !== '')}
    >
      {done ? (
        <SuccessScreen
          message={t('wizards.users.success', { count: emails.length })}
          again={t('wizards.create_new')}
          onAgain={reset}
          onClose={close}
        />
      ) : (
        <>
          <Stepper steps={steps.map((s) => labels[s])} current={index} />
          <h3 className="h6 mb-3">{labels[step]}</h3>
          {step === 'organizations' ? (
            <>
              <DualList
                items={(orgList.data ?? []).map((o) => ({ id: o.id, label: o.label }))}
                loading={orgList.isPending}
                selected={organizations}
                onChange={setOrganizations}
                availableLabel={t('wizards.users.organizations_available')}
                selectedLabel={t('wizards.users.organizations_selected')}
              />
              <NavButtons onNext={() => setIndex((i) => i + 1)} />
            </>
          ) : step === 'emails' ? (
            <>
              <EmailStep
                emails={emails}
                onChange={setEmails}
                error={error}
                setError={setError}
                text={text}
                setText={setText}
              />
              <NavButtons
                onPrevious={index > 0 ? () => setIndex((i) => i - 1) : undefined}
                onNext={nextFromEmails}
              />
            </>
          ) : (
            <>
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
                          value={roleOf(email)}
                          disabled={roleOptions.length === 1}
                          onChange={(event) =>
                            setRoles((old) => ({ ...old, [email]: event.target.value as InvitableRole }))
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
              <NavButtons
                onPrevious={() => setIndex((i) => i - 1)}
                onNext={() => void validate()}
                nextLabel={t('common.validate')}
                pending={pending}
              />
            </>
          )}
        </>
      )}
    </WizardModal>
  );
}

export default AddUsersWizard;
