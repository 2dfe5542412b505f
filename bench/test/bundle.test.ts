import { describe, expect, it } from 'vitest';
import { paths, routeRules } from '@portal/contract/routes';
import { BUDGETS } from '../budgets.ts';
import { byPriority, routeCases } from '../sections/bundle.ts';

const personas = [
  { id: 'dashboard-all', roles: ['ROLE_SIGNAL_NOTIFY', 'ROLE_REQUEST', 'ROLE_SUPER_ADMIN_PORTAL_VA'] },
  { id: 'signal-agent', roles: ['ROLE_SIGNAL_NOTIFY'] },
  { id: 'contract-admin', roles: ['ROLE_SUPER_ADMIN_CONTRACT'] },
];

describe('every route measured', () => {
  const cases = routeCases(routeRules, personas);

  it('opens every route of the table a persona may open, the logout aside, plus the signed-out visit', () => {
    const opened = new Set(cases.map((c) => c.pattern));
    expect(opened.has('signed out')).toBe(true);
    expect(opened.has(paths.logout)).toBe(false);
    expect(opened.has(paths.admin.territorial)).toBe(true);
    expect(opened.has(`${paths.admin.contract}${paths.adminDetail.user}`)).toBe(true);
    // no persona here holds the works planner's role
    expect(opened.has(paths.works.list)).toBe(false);
  });

  it('opens the signals as the field agent, the home page with every widget, parameters set to 1', () => {
    const of = (pattern: string) => cases.find((c) => c.pattern === pattern);
    expect(of(paths.signals.create)).toMatchObject({
      persona: 'signal-agent',
      budget: BUDGETS.fieldRouteJsKiB,
    });
    expect(of(paths.signals.list)).toMatchObject({
      persona: 'signal-agent',
      budget: BUDGETS.fieldRouteJsKiB,
    });
    expect(of(paths.home)).toMatchObject({ persona: 'dashboard-all', budget: BUDGETS.homeJsKiB });
    expect(of(paths.signals.detail)).toMatchObject({
      path: '/signalement/signal/1',
      budget: BUDGETS.routeJsKiB,
    });
    expect(of('signed out')).toMatchObject({ persona: null, budget: BUDGETS.signInJsKiB });
  });

  it('measures the budgeted routes first, the others in the table order', () => {
    const order = byPriority(cases).map((c) => c.pattern);
    expect(order.slice(0, 5)).toEqual([
      'signed out',
      paths.home,
      paths.signals.create,
      paths.signals.list,
      paths.admin.territorial,
    ]);
    expect(order).toHaveLength(cases.length);
  });
});
