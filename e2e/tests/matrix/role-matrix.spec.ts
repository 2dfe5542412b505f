// The role matrix in the browser: each persona opens routes of the route table, and a route the
// table refuses must land on home (or the route's target) with the danger alert; a granted one
// must not. `portal test matrix --live` writes the full matrix to E2E_MATRIX_FILE and reads the
// observations back from E2E_MATRIX_RESULTS; without it, a compact sample runs here (both
// outcomes for every route family), with the expectations computed from the route table, for the
// personas of E2E_PERSONA when it is set.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildPath, paths, routeRules } from '@portal/contract/routes';
import { granted } from '@portal/contract/permissions';
import { test, expect } from '../../fixtures/index.ts';

interface MatrixRoute {
  path: string;
  sample: string;
  rights: readonly string[];
  redirectTo: string;
  granted: Record<string, boolean>;
}
interface Matrix {
  personas: string[];
  routes: MatrixRoute[];
}
interface Observation {
  persona: string;
  route: string;
  expected: 'granted' | 'refused';
  actual: 'granted' | 'refused' | 'error';
  finalPath: string;
  alert: boolean;
  detail?: string;
}

/** The compact sample: persona -> route patterns (expectations come from the route table). */
const SAMPLE: Record<string, string[]> = {
  'portal-admin': [paths.admin.contracts, paths.admin.contract, paths.works.list],
  'contract-admin': [paths.admin.territorial, paths.admin.industrialSite, paths.admin.contracts],
  'org-admin': [paths.admin.territorial, `${paths.admin.territorial}${paths.adminDetail.user}`],
  agent: [paths.profile, paths.signals.list, paths.requests.list, paths.admin.territorial],
  'signal-agent': [paths.signals.list, paths.signals.create, paths.works.list],
  'request-agent': [paths.requests.choose, paths.calendar.list, paths.calendar.event],
  'works-planner': [paths.works.create, paths.mySite],
  'bi-analyst': [paths.powerBi, paths.powerBiTrends, paths.thingsBoard],
  'iot-agent': [paths.thingsBoard, paths.powerBi],
  'site-user': [paths.mySite],
  'calendar-user': [
    paths.calendar.list,
    paths.calendar.newEvent,
    paths.calendar.event,
    paths.calendar.editEvent,
  ],
};

const file = process.env.E2E_MATRIX_FILE;
const resultsDir = process.env.E2E_MATRIX_RESULTS;
const given: Matrix | undefined = file ? (JSON.parse(readFileSync(file, 'utf8')) as Matrix) : undefined;
// `portal test --persona id[,id]` (E2E_PERSONA): only these personas; one without a sample of its
// own visits every route of the sample.
const chosen =
  process.env.E2E_PERSONA?.split(',')
    .map((id) => id.trim())
    .filter(Boolean) ?? [];
const personaIds = given?.personas ?? (chosen.length ? chosen : Object.keys(SAMPLE));
const everySampledRoute = [...new Set(Object.values(SAMPLE).flat())];

function sample(pattern: string): string {
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  return buildPath(pattern, Object.fromEntries(names.map((n) => [n, 1])));
}

test.describe('role matrix', () => {
  for (const personaId of personaIds) {
    test(`${personaId}: granted and refused routes follow the route table`, async ({
      mock,
      signInAs,
      page,
      portalPage,
    }) => {
      let cells: { route: string; sample: string; redirectTo: string; expected: boolean }[];
      if (given) {
        cells = given.routes.map((r) => ({
          route: r.path,
          sample: r.sample,
          redirectTo: r.redirectTo,
          expected: r.granted[personaId] ?? false,
        }));
      } else {
        const persona = (await mock.personas()).find((p) => p.id === personaId);
        expect(persona, `persona ${personaId} in the default scenario`).toBeTruthy();
        cells = (SAMPLE[personaId] ?? everySampledRoute).map((pattern) => {
          const rule = routeRules.find((r) => r.path === pattern);
          if (!rule) throw new Error(`${pattern} is not in the route table`);
          return {
            route: pattern,
            sample: sample(pattern),
            redirectTo: rule.redirectTo ?? paths.home,
            expected: granted(persona!, rule.rights),
          };
        });
      }
      test.setTimeout(30_000 + cells.length * 35_000);

      await signInAs(personaId, '/');
      await expect(portalPage.main).toBeVisible();
      const observations: Observation[] = [];
      for (const cell of cells) {
        const expected = cell.expected ? 'granted' : 'refused';
        let observation: Observation;
        try {
          await page.goto(cell.sample);
          await expect(portalPage.main).toBeVisible({ timeout: 15_000 });
          if (!cell.expected) {
            await expect
              .poll(() => new URL(page.url()).pathname, {
                timeout: 10_000,
                message: `${personaId} refused ${cell.route}`,
              })
              .toBe(cell.redirectTo);
          }
          // a page embedding a report (Power BI) loads its client library: slow on a busy machine
          await page.waitForLoadState('networkidle', { timeout: 30_000 });
          const finalPath = new URL(page.url()).pathname;
          const alert = await portalPage.dangerAlerts.first().isVisible();
          const refused = finalPath === cell.redirectTo && cell.sample !== cell.redirectTo && alert;
          observation = {
            persona: personaId,
            route: cell.route,
            expected,
            actual: refused ? 'refused' : 'granted',
            finalPath,
            alert,
          };
        } catch (error) {
          observation = {
            persona: personaId,
            route: cell.route,
            expected,
            actual: 'error',
            finalPath: new URL(page.url()).pathname,
            alert: false,
            detail: (error as Error).message.split('\n')[0],
          };
        }
        observations.push(observation);
        expect
          .soft(
            observation.actual,
            `${personaId} on ${cell.sample} (ended on ${observation.finalPath})${observation.detail ? `: ${observation.detail}` : ''}`,
          )
          .toBe(expected);
      }
      if (resultsDir) {
        mkdirSync(resultsDir, { recursive: true });
        writeFileSync(path.join(resultsDir, `${personaId}.json`), JSON.stringify(observations));
      }
    });
  }
});
