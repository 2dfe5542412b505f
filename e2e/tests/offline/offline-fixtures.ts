// The offline portal's page objects and device, as fixtures (docs/offline.md). Each spec of this
// folder allows the service worker in its own browser contexts (the config blocks it elsewhere):
// `test.use({ serviceWorkers: 'allow' })` in the spec itself, since a helper module's top level
// runs once, for the first spec that imports it.
//
//   device        the device's network (off, on; no report sent for a while)
//   reports       /signalement and its form, with or without network
//   fieldAgent    fieldAgent.startOnline(): the field agent signed in with network, the list and the form
//                 visited once (the service worker keeps them); fieldAgent.startOffline(): then the
//                 device offline
import { test as harness, expect, type MockClient } from '../../fixtures/index.ts';
import type { MintedToken } from '../../fixtures/mock-client.ts';
import { Device, ReportsPage } from '../../pages/offline.ts';

/** The signal agent whose reports the offline specs follow. */
export const AGENT = 'signal-agent';

/** What the offline specs read of the mock's state: the signals and their photos. */
export interface ReportState {
  tables: {
    signals: { id: number; description: string; createdBy?: number }[];
    signalPhotos: { id: number; ownerId: number; fileName: string }[];
  };
}

/** How many signals of this description the mock holds. */
export async function countNamed(mock: MockClient, description: string): Promise<number> {
  const state = await mock.exportState<ReportState>();
  return state.tables.signals.filter((s) => s.description === description).length;
}

/** The start of every offline journey (see `fieldAgent.startOffline`). */
export class OfflineJourney {
  constructor(
    private readonly signInAs: (personaId: string, path?: string) => Promise<MintedToken>,
    private readonly reports: ReportsPage,
    private readonly device: Device,
  ) {}

  /**
   * The field agent signed in with network on /signalement, the service worker in control, the
   * list and the form visited once (the worker keeps what they read): the agent's minted token.
   */
  async startOnline(): Promise<MintedToken> {
    const minted = await this.signInAs(AGENT, '/signalement');
    await expect(this.reports.heading).toHaveText('Signalements');
    await this.reports.visitOnline();
    return minted;
  }

  /** `startOnline`, then the device offline: the agent's minted token. */
  async startOffline(): Promise<MintedToken> {
    const minted = await this.startOnline();
    await this.device.goOffline();
    return minted;
  }
}

export const test = harness.extend<{ device: Device; reports: ReportsPage; fieldAgent: OfflineJourney }>({
  device: async ({ context }, use) => {
    await use(new Device(context));
  },
  reports: async ({ page }, use) => {
    await use(new ReportsPage(page));
  },
  fieldAgent: async ({ signInAs, reports, device }, use) => {
    await use(new OfflineJourney(signInAs, reports, device));
  },
});
export { expect };
