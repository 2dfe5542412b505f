// The dashboard's page object as a fixture, and what the dashboard specs compute from the scenario.
import { USER_CONFIG } from '@portal/contract/constants';
import { widgetGranted } from '@portal/contract/permissions';
import { expect as harnessExpect, test as harness, type MockClient } from '../../fixtures/index.ts';
import { DashboardPage } from '../../pages/dashboard.ts';

/** The portal's code for the user configurations (the runtime configuration's siteCode, left at its default). */
const PORTAL_CODE = 'portal';

/**
 * The titles of the widgets a persona's home shows, in the catalogue's order, picked as the screen
 * picks them: the catalogue (GET /api/widget) as the persona gets it, the widgets its roles grant
 * (widgetGranted, the function the screen uses) less those its displayed_widgets configuration
 * switches off. The counts a test expects follow the scenario instead of being written in it.
 */
export async function shownWidgets(mock: MockClient, persona: string, contractId = 1): Promise<string[]> {
  const [catalogue, user, configurations] = await Promise.all([
    mock.getAs(persona, 'listWidgets'),
    mock.getAs(persona, 'tokenCheck'),
    mock.getAs(persona, 'listUserConfigurations', {
      params: { portalCode: PORTAL_CODE },
      query: { showDeleted: true },
    }),
  ]);
  const displayed = configurations.find((c) => c.code === USER_CONFIG.displayedWidgets && !c.deleted);
  const switches = displayed ? (JSON.parse(displayed.data) as Record<string, unknown>) : {};
  const switchedOff = (id: string) => id in switches && switches[id] !== true && switches[id] !== '1';
  return catalogue
    .filter((w) => widgetGranted(user, w, contractId) && !switchedOff(w.id))
    .map((w) => w.label);
}

/** A number as the portal writes it in French. */
export const fr = (value: number) => value.toLocaleString('fr-FR');

export const test = harness.extend<{ dashboard: DashboardPage }>({
  dashboard: async ({ page }, use) => {
    await use(new DashboardPage(page));
  },
});
/**
 * The harness's expect with a longer default wait: a dashboard is a dozen parallel calls and a lazy
 * grid and chart chunk, which take several seconds on a loaded machine.
 */
export const expect = harnessExpect.configure({ timeout: 20_000 });
