import { describe, expect, it } from 'vitest';
import { paths, routeRules } from '@portal/contract/routes';
import { BUDGETS } from '../budgets.ts';
import { byPriority, routeCases, routeFigures, type Opened, type RouteCase } from '../sections/bundle.ts';
import type { AssetSize } from '../lib/chunks.ts';

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

describe("a route's rows", () => {
  const kib = (n: number) => Math.round(n * 1024);
  const sizes = new Map<string, AssetSize>(
    (
      [
        ['assets/main.js', 180],
        ['assets/form.js', 15],
        ['assets/map.js', 43],
        ['assets/main.css', 10.8],
        ['assets/map.css', 2.6],
      ] as const
    ).map(([file, gzip]) => [file, { file, bytes: kib(gzip) * 3, gzip: kib(gzip) }]),
  );
  const form: RouteCase = {
    pattern: paths.signals.create,
    path: '/signalement/signaler',
    persona: 'signal-agent',
    budget: BUDGETS.fieldRouteJsKiB,
  };
  const opened: Opened = {
    requested: [],
    prefetched: [],
    finalPath: '/signalement/signaler',
    placeholder: null,
    problem: null,
  };

  it('judges the JavaScript against the route budget and the CSS against the CSS budget', () => {
    const [js, css] = routeFigures(
      form,
      opened,
      ['assets/main.js', 'assets/form.js', 'assets/main.css'],
      sizes,
    );
    expect(js).toMatchObject({
      name: '/signalement/signaler (signal-agent): JS',
      value: 195,
      status: 'within',
    });
    expect(js?.details).toMatchObject({
      path: '/signalement/signaler',
      files: [
        { file: 'assets/main.js', gzipKiB: 180 },
        { file: 'assets/form.js', gzipKiB: 15 },
        { file: 'assets/main.css', gzipKiB: 10.8 },
      ],
    });
    expect(css).toMatchObject({
      name: '/signalement/signaler (signal-agent): CSS',
      value: 10.8,
      status: 'within',
    });
  });

  it('marks a route over its budget, JavaScript and CSS apart', () => {
    const files = ['assets/main.js', 'assets/form.js', 'assets/map.js', 'assets/main.css', 'assets/map.css'];
    const [js, css] = routeFigures(form, opened, files, sizes);
    expect(js).toMatchObject({ value: 238, status: 'over' });
    expect(css).toMatchObject({ value: 13.4, status: 'within' });
    const heavy = new Map(sizes).set('assets/map.css', { file: 'assets/map.css', bytes: 0, gzip: kib(4.5) });
    expect(routeFigures(form, opened, files, heavy)[1]).toMatchObject({ value: 15.3, status: 'over' });
  });

  it('names the files a route asked for that the build does not have', () => {
    const rows = routeFigures(form, opened, ['assets/main.js', 'assets/gone.js'], sizes);
    expect(rows.at(-1)).toMatchObject({ status: 'n/a', note: 'assets/gone.js' });
  });
});
