// A failed read of a detail (a signal, a request, an organization) or of a calendar's events is said
// in place, as the lists say theirs: the loading error with 'Réessayer' and the way back to the
// list; never the 'Oups !' page with the server's raw text. The retry shows the data.
import { test, expect } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

interface DetailState {
  tables: {
    users: { personaId: string | null; contractIds: number[] }[];
    signals: { id: number; contractId: number }[];
    requests: { id: number; contractId: number; status: string }[];
    organizations: { id: number; label: string; type: string; contractId: number }[];
    calendars: { id: number; contractId: number }[];
  };
}

const LOADING_ERROR = 'Une erreur est survenue lors du chargement des données.';
const RAW = 'raw server text of the failure';

interface Case {
  name: string;
  persona: string;
  path: (s: DetailState['tables']) => string;
  call: string;
  back: RegExp;
  /** what the screen shows once the data is read */
  loaded: RegExp;
}

const contractOf = (s: DetailState['tables'], persona: string) =>
  s.users.find((u) => u.personaId === persona)?.contractIds[0];

const CASES: Case[] = [
  {
    name: 'a signal',
    persona: 'signal-agent',
    path: (s) =>
      `/signalement/signal/${s.signals.find((x) => x.contractId === contractOf(s, 'signal-agent'))?.id}`,
    call: '/api/signal/*',
    back: /Retour aux signalements/,
    loaded: /^Signalement/,
  },
  {
    name: 'a request',
    persona: 'request-agent',
    path: (s) =>
      `/demande/${s.requests.find((x) => x.contractId === contractOf(s, 'request-agent') && x.status !== 'DRAFT')?.id}`,
    call: '/api/request/*',
    back: /Retour aux demandes/,
    loaded: /Demande/,
  },
  {
    name: 'an organization',
    persona: 'contract-admin',
    path: (s) =>
      `/gestion-territoriale/organisation-territoriale/${s.organizations.find((o) => o.contractId === 1 && o.type === 'Community')?.id}`,
    call: '/api/organization/*',
    back: /Retour/,
    loaded: /.+/,
  },
  {
    name: "a calendar's events",
    persona: 'calendar-user',
    path: (s) =>
      `/calendrier/${s.calendars.find((c) => c.contractId === contractOf(s, 'calendar-user'))?.id}`,
    call: '/api/calendar/*/event',
    back: /Retour aux calendriers/,
    loaded: /.+/,
  },
];

for (const c of CASES) {
  test(`${c.name}: a failed read is said in place with Réessayer and the way back`, async ({
    page,
    signInAs,
    mock,
  }) => {
    const { tables } = await mock.exportState<DetailState>();
    await mock.faults.add({ method: 'GET', path: c.call, status: 500, body: { message: RAW } });
    await signInAs(c.persona, c.path(tables));
    const main = page.getByRole('main');
    await expect(main.getByRole('alert').filter({ hasText: LOADING_ERROR })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Oups/);
    await expect(page.getByText(RAW)).toHaveCount(0);
    await expect(main.getByRole('link', { name: c.back })).toBeVisible();

    await mock.faults.clear();
    await main.getByRole('button', { name: 'Réessayer' }).click();
    await expect(main.getByRole('alert').filter({ hasText: LOADING_ERROR })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.loaded);
  });
}
