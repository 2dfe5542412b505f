import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router-dom';
import { grantedInContract } from '@portal/contract/permissions';
import type { RouteRule } from '@portal/contract/routes';
import { pushAlert } from '@/lib/alerts';
import { useSession } from '@/lib/auth/hooks';

export interface RouteHandle {
  rule?: RouteRule;
}

/** The rule of the deepest matched route. */
export function useRouteRule(): RouteRule | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const rule = (matches[i]?.handle as RouteHandle | undefined)?.rule;
    if (rule) return rule;
  }
  return undefined;
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
 * target) with the danger alert 'alert.not_granted'.
 */
export function RightsGuard() {
  const rule = useRouteRule();
  const { user, adminPermissions, contractId } = useSession();
  if (rule && rule.rights.length > 0 && !grantedInContract(user, adminPermissions, rule.rights, contractId)) {
    return <Refused to={rule.redirectTo ?? '/'} />;
  }
  return <Outlet />;
}
