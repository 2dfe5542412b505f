import { useEffect } from 'react';
import { Link, Outlet, useMatches, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { grantedInContract } from '@portal/contract/permissions';
import { paths, type RouteRule } from '@portal/contract/routes';
import { pushAlert } from '@/lib/alerts';
import { useSession } from '@/lib/auth/hooks';

export interface RouteHandle {
  rule?: RouteRule;
  /** the screen works inside the current contract (useContractId): without one, a notice instead */
  needsContract?: boolean;
}

/** The handle of the deepest matched route that has a rule. */
function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.rule) return handle;
  }
  return {};
}

/** A screen that works inside a contract, for a user who has none (no contract attached yet). */
function NoContract() {
  const { t } = useTranslation();
  return (
    <section className="container py-4" aria-labelledby="no-contract-title">
      <h1 id="no-contract-title" className="h3">
        {t('shell.no_contract')}
      </h1>
      <p role="status">{t('shell.no_contract_body')}</p>
      <Link to={paths.profile}>{t('shell.no_contract_profile')}</Link>
    </section>
  );
}

function Refused({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    pushAlert('danger', 'alert.not_granted', to);
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/**
 * The rights check (portal.md section 2): a route with a rights list opens for a user holding at
 * least one listed role (an admin role: in the current contract); otherwise home (or the route's
 * target) with the danger alert 'alert.not_granted'. A screen that works inside the current
 * contract shows a notice instead when the user has none.
 */
export function RightsGuard() {
  const { rule, needsContract = false } = useRouteHandle();
  const { user, adminPermissions, contractId } = useSession();
  if (rule && rule.rights.length > 0 && !grantedInContract(user, adminPermissions, rule.rights, contractId)) {
    return <Refused to={rule.redirectTo ?? '/'} />;
  }
  if (needsContract && contractId === null) return <NoContract />;
  return <Outlet />;
}
