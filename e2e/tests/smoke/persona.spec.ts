// Smoke check, tagged @smoke (`portal test --tag smoke`): a persona signs in and opens every page
// of the route table it is granted that needs no id, through the address bar; each one must stay
// on its address, show its main content with a heading, and show no danger alert. The persona is
// E2E_PERSONA (`portal test --tag smoke --persona works-planner`; several, comma-separated), by
// default a contract super admin and a field agent.
import { granted } from '@portal/contract/permissions';
import { routeRules } from '@portal/contract/routes';
import type { RouteRule } from '@portal/contract';
import { test, expect } from '../../fixtures/index.ts';

const chosen =
  process.env.E2E_PERSONA?.split(',')
    .map((id) => id.trim())
    .filter(Boolean) ?? [];
const personaIds = chosen.length ? chosen : ['contract-admin', 'agent'];

/** Pages reachable without an id or a step before them: no sign-out, error pages or wizard end. */
const SKIPPED = new Set(['/deconnexion', '/admin/contrat/creation/validation']);
const pages: RouteRule[] = routeRules.filter(
  (r) => !r.path.includes(':') && !r.path.startsWith('/error/') && !SKIPPED.has(r.path),
);

for (const personaId of personaIds) {
  test(
    `${personaId}: signs in and opens each page it is granted`,
    { tag: '@smoke' },
    async ({ mock, signInAs, page, portalPage }) => {
      const persona = (await mock.personas()).find((p) => p.id === personaId);
      expect(persona, `persona ${personaId} (see \`portal persona list\`)`).toBeTruthy();
      const visits = pages.filter((rule) => granted(persona!, rule.rights));
      test.setTimeout(30_000 + visits.length * 20_000);

      await signInAs(personaId, '/');
      await expect(portalPage.banner).toBeVisible();
      await expect(portalPage.main).toBeVisible();
      // '/' may send the persona on to its default address: the other pages must stay where they are
      for (const rule of visits) {
        await test.step(rule.path, async () => {
          await page.goto(rule.path);
          await expect(portalPage.main).toBeVisible();
          await expect(portalPage.main.getByRole('heading').first()).toBeVisible();
          if (rule.path !== '/')
            expect(new URL(page.url()).pathname, `${personaId} stays on ${rule.path}`).toBe(rule.path);
          await expect(portalPage.dangerAlerts).toHaveCount(0);
        });
      }
    },
  );
}
