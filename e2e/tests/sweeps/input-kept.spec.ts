// The input-kept sweep: no typed text is lost on any screen. For every route of the route table
// (contract/src/routes.ts), opened inside the portal by a persona the table lets in, it finds the
// text fields itself (on the page, in each of its tabs, and in each dialog a button there says it
// opens), types into each in turn, and checks that Back and a menu entry bring the portal's
// question 'Quitter sans enregistrer ?' and a reload the browser's own, and that staying keeps
// the text. A new screen is swept without editing this file; a field that must not ask is listed
// below with the reason. Each route gets a page of its own; the report names how many fields were
// tried on how many routes. The same sweep runs at desktop size and on a phone.
import type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { buildPath, paths, routeRules, type RouteRule } from '@portal/contract/routes';
import { granted } from '@portal/contract/permissions';
import { test, expect, type MockClient } from '../../fixtures/index.ts';
import { InputSweep, type FieldTried, type NotAsking } from '../../pages/input-sweep.ts';
import { firstRow, ofContract1, type Row, type Tables } from './scenario-rows.ts';

/** Routes not swept: nothing is typed there. */
const NOT_SWEPT: Record<string, string> = {
  [paths.logout]: 'signs out at once',
};

/** Fields that must not ask, with the reason. */
const NOT_ASKING: NotAsking[] = [
  {
    route: paths.requests.draft,
    reason:
      'a request draft saves itself as it is typed: Back waits for the save and a reload sends it ' +
      '(tests/operations/draft-autosave.spec.ts)',
  },
];

/**
 * Who opens a route: among the personas of contract 1 the route table lets in, the one holding
 * the most of the route's rights (an operator before a reporter: the operator sees the status
 * change), then the one with the fewest roles (the screen as its own users see it); the contract's
 * administrator before the portal's (the territorial screens need a current contract).
 */
function personaFor(rule: RouteRule, personas: { id: string; roles: string[]; contractIds: number[] }[]) {
  const held = (p: { roles: string[] }) => rule.rights.filter((r) => p.roles.includes(r)).length;
  const candidates = personas
    .filter((p) => p.contractIds.includes(1) && granted(p, rule.rights))
    .sort(
      (a, b) =>
        held(b) - held(a) || a.contractIds.length - b.contractIds.length || a.roles.length - b.roles.length,
    );
  const persona = candidates[0];
  if (!persona) throw new Error(`no persona of contract 1 may open ${rule.path}`);
  return persona;
}

const contract1 = (rows: Row[], match: (r: Row) => boolean = () => true) =>
  firstRow(rows, (r) => ofContract1(r) && match(r)).id;

/** The value of each path parameter in the default scenario (the route may pick its own row). */
const PARAMS: Record<string, (t: Tables, route: string) => number> = {
  signalId: (t, route) =>
    route === paths.requests.fromSignal
      ? contract1(t.signals, (s) => !s.requestId)
      : contract1(t.signals, (s) => s.status === 'NEW'),
  requestId: (t, route) =>
    contract1(t.requests, (r) => r.status === (route === paths.requests.draft ? 'DRAFT' : 'SUBMITTED')),
  workId: (t) => contract1(t.publicWorks),
  calendrierId: (t) => contract1(t.calendars),
  eventId: (t) => firstRow(t.calendarEvents, (e) => e.calendarId === contract1(t.calendars)).id,
  contractId: () => 1,
  areaId: (t) => contract1(t.areas),
  organizationId: (t) => contract1(t.organizations, (o) => o.type === 'Community' && o.master !== true),
  operatorId: (t) => contract1(t.organizations, (o) => o.type !== 'Community'),
  userId: (t) => firstRow(t.users, (u) => Array.isArray(u.contractIds) && u.contractIds.includes(1)).id,
  siteId: (t) => contract1(t.industrialSites),
  contactId: (t) => firstRow(t.siteContacts, (c) => c.siteId === contract1(t.industrialSites)).id,
};

function pathOf(rule: RouteRule, tables: Tables): string {
  const names = [...rule.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  return buildPath(
    rule.path,
    Object.fromEntries(
      names.map((name) => {
        const value = PARAMS[name];
        if (!value) throw new Error(`the sweep has no value for the path parameter ${name} (${rule.path})`);
        return [name, value(tables, rule.path)];
      }),
    ),
  );
}

// E2E_SWEEP_ROUTES=/travaux,/demande/:requestId sweeps these route patterns alone (a local run)
const only = process.env.E2E_SWEEP_ROUTES?.split(',').filter(Boolean);
const ROUTES = routeRules.filter(
  (rule) => !rule.public && !(rule.path in NOT_SWEPT) && (!only || only.includes(rule.path)),
);

interface RouteReport {
  route: string;
  persona: string;
  fields: FieldTried[];
  dialogs: number;
}

/** Signs a persona in on a page of its own, at home (the session written before any script runs). */
async function signedInPage(page: Page, mock: MockClient, personaId: string): Promise<void> {
  const minted = await mock.call('mintToken', { params: { id: personaId } });
  await page.addInitScript(
    ({ token, refreshToken }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('refresh_token', refreshToken);
    },
    { token: minted.token, refreshToken: minted.refreshToken },
  );
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
}

/** Sweeps one screen: its fields, its tabs' fields, and the fields of the dialogs it opens. */
async function sweepScreen(
  sweep: InputSweep,
  route: string,
): Promise<{ fields: FieldTried[]; dialogs: number }> {
  const skipped = NOT_ASKING.filter((n) => n.route === route);
  const skip = (name: string) => skipped.some((n) => !n.field || n.field.test(name));
  const fields: FieldTried[] = [];
  let dialogs = 0;
  const sweepPanel = async (scope: Locator, place: string) => {
    fields.push(...(await sweep.tryFields(scope, place, { inDialog: false, skip })));
    for (const opener of await sweep.dialogOpeners(scope)) {
      const { dialog, name } = await sweep.openDialog(opener);
      dialogs += 1;
      fields.push(
        ...(await sweep.tryFields(dialog, `${place ? `${place} › ` : ''}${name}`, { inDialog: true, skip })),
      );
      await sweep.closeDialog(dialog);
    }
  };
  const tabCount = await sweep.tabs.count();
  if (tabCount === 0) {
    await sweepPanel(sweep.main, '');
    return { fields, dialogs };
  }
  // the fields above the tabs, then each tab's panel in turn
  for (let i = 0; i < tabCount; i += 1) {
    const tab = sweep.tabs.nth(i);
    const name = ((await tab.textContent()) ?? '').trim();
    if ((await tab.getAttribute('aria-selected')) !== 'true') {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await sweep.settled();
    }
    await sweepPanel(i === 0 ? sweep.main : sweep.main.getByRole('tabpanel'), name);
  }
  return { fields, dialogs };
}

async function runSweep(
  context: BrowserContext,
  mock: MockClient,
  testInfo: TestInfo,
  size: string,
): Promise<void> {
  const { tables } = await mock.exportState<{ tables: Tables }>();
  const personas = await mock.personas();
  const reports: RouteReport[] = [];
  for (const rule of ROUTES) {
    const persona = personaFor(rule, personas);
    await test.step(`${rule.path} as ${persona.id}`, async () => {
      // a page of its own per route: one route's state never leaks into the next
      const routePage = await context.newPage();
      let path = rule.path;
      try {
        path = pathOf(rule, tables);
        await signedInPage(routePage, mock, persona.id);
        const sweep = new InputSweep(routePage);
        await sweep.openInPortal(path);
        const { fields, dialogs } = await sweepScreen(sweep, rule.path);
        reports.push({ route: rule.path, persona: persona.id, fields, dialogs });
      } catch (error) {
        expect.soft(error, `${rule.path} (${path}) as ${persona.id}`).toBeUndefined();
      } finally {
        await routePage.close({ runBeforeUnload: false });
      }
    });
  }
  const fieldCount = reports.reduce((n, r) => n + r.fields.length, 0);
  const dialogCount = reports.reduce((n, r) => n + r.dialogs, 0);
  const summary =
    `input-kept sweep at ${size}: ${fieldCount} fields tried on ${reports.length} routes ` +
    `(${dialogCount} dialogs opened); not swept: ${Object.keys(NOT_SWEPT).join(', ')}; ` +
    `not asking by design: ${NOT_ASKING.map((n) => `${n.route} (${n.reason})`).join('; ')}`;
  const perRoute = reports.map(
    (r) =>
      `  ${r.route} as ${r.persona}: ${r.fields.length} fields, ${r.dialogs} dialogs` +
      (r.fields.length
        ? ` (${r.fields.map((f) => (f.place ? `${f.place} › ${f.name}` : f.name)).join(', ')})`
        : ''),
  );
  console.log([summary, ...perRoute].join('\n'));
  testInfo.annotations.push({ type: 'input-kept', description: summary });
  await testInfo.attach('input-kept-report.json', {
    body: JSON.stringify({ size, routes: reports }, null, 2),
    contentType: 'application/json',
  });
  expect(reports.length, 'every route swept').toBe(ROUTES.length);
  expect(fieldCount, 'the sweep found fields to type into').toBeGreaterThan(0);
}

test.describe('input kept at desktop size', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test('every typed field of every route asks before it is lost', async ({ context, mock }, testInfo) => {
    test.setTimeout(ROUTES.length * 60_000);
    await runSweep(context, mock, testInfo, '1400×900');
  });
});

test.describe('input kept at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('every typed field of every route asks before it is lost', async ({ context, mock }, testInfo) => {
    test.setTimeout(ROUTES.length * 60_000);
    await runSweep(context, mock, testInfo, '390×844');
  });
});
