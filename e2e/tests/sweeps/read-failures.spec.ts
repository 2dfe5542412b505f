// The read-failure sweep: for every screen reading data, its first read answers 500 (on every try:
// the query client asks a failed read once more) and the screen says so in place, with
// 'Réessayer' (never the 'Oups !' page, never an empty list); once the server answers again,
// 'Réessayer' shows the data. The phone-size variant runs a few lists at 390 × 844.
import type { Locator, Page } from '@playwright/test';
import { test, expect, PagedList, Wizard, type MockClient } from '../../fixtures/index.ts';
import { LoadFailure } from '../../pages/failures.ts';
import { firstRow, ofContract1, type Row, type Tables } from './scenario-rows.ts';

test.describe.configure({ timeout: 90_000 });

interface Case {
  screen: string;
  persona: string;
  path: (t: Tables) => string;
  /** the screen's first read (a path glob of the mock's fault rules) */
  read: (t: Tables) => string;
  /** what shows once the data is read */
  loaded: (page: Page) => Locator;
  /** what the person does on the screen before the read (opens a dialog) */
  open?: (page: Page) => Promise<void>;
}

const first = (rows: Row[], match: (r: Row) => boolean): number => firstRow(rows, match).id;
const userOf = (t: Tables, persona: string) => first(t.users, (u) => u.personaId === persona);
const calendar = (t: Tables) => first(t.calendars, ofContract1);
const event = (t: Tables) => first(t.calendarEvents, (e) => e.calendarId === calendar(t));
const site = (t: Tables) => first(t.industrialSites, ofContract1);

const heading = (name: RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const rows = (page: Page) => new PagedList(page).rows.first();
const text = (name: RegExp) => (page: Page) => page.getByRole('main').getByText(name).first();

/** The list tabs of the territorial management and of a contract's details, and the read of each. */
const TABS = [
  { tab: 'territoires', read: '/api/contract/*/area' },
  { tab: 'utilisateurs', read: '/api/contract/*/user' },
  { tab: 'sites-industriels', read: '/api/industrial-site' },
  { tab: 'organisations', read: '/api/contract/*/organization' },
  { tab: 'exploitants', read: '/api/contract/*/organization' },
  { tab: 'services', read: '/api/contract/*/contractService' },
];

/** The dashboard's widgets (persona dashboard-all) and the read of each: the widget says its failure. */
const WIDGETS = [
  { title: 'Catégories les plus signalées', read: '/api/widget/signal/top-category' },
  { title: 'Derniers documents', read: '/documents/api/documents/last' },
  { title: 'Notifications de documents', read: '/documents/api/documents/notifications' },
  { title: 'Nombre de documents', read: '/documents/api/documents/count' },
  { title: 'Hydrométrie', read: '/api/hydrometry/site' },
  { title: "Cycle de l'eau", read: '/api/widget/water-cycle' },
  { title: "Conformité de l'eau", read: '/api/widget/water-conformity' },
  { title: 'Travaux', read: '/api/public-work/report/stats' },
  { title: 'État des demandes', read: '/api/widget/request/stats' },
  { title: 'Interventions en cours', read: '/api/interventions' },
];

const CASES: Case[] = [
  ...WIDGETS.map(({ title, read }): Case => ({
    screen: `the dashboard widget ${title}`,
    persona: 'dashboard-all',
    path: () => '/',
    read: () => read,
    loaded: (page) => page.getByRole('region', { name: title, exact: true }).getByText(/\d/).first(),
  })),
  {
    screen: "a service's configuration",
    persona: 'contract-admin',
    path: () => '/gestion-territoriale#services',
    read: () => '/api/external-apps/configuration/**',
    open: async (page) => {
      await new PagedList(page)
        .row('Gestion documentaire')
        .getByRole('button', { name: 'Modifier le service Gestion documentaire' })
        .click();
    },
    loaded: (page) =>
      new Wizard(page, "Modification d'un service").root.getByRole('textbox', { name: /Libellé du bouton/ }),
  },
  {
    screen: 'the dashboard',
    persona: 'dashboard-all',
    path: () => '/',
    read: () => '/api/widget',
    loaded: text(/Signalements/),
  },
  {
    screen: 'a dashboard widget',
    persona: 'dashboard-all',
    path: () => '/',
    read: () => '/api/widget/signal/stats',
    loaded: text(/Signalements/),
  },
  {
    screen: 'the map',
    persona: 'dashboard-all',
    path: () => '/cartographie',
    read: () => '/api/interventions',
    loaded: heading(/Cartographie/),
  },
  {
    screen: 'the signal list',
    persona: 'signal-agent',
    path: () => '/signalement',
    read: () => '/api/signal',
    loaded: rows,
  },
  {
    screen: 'the signal form',
    persona: 'signal-agent',
    path: () => '/signalement/signaler',
    read: () => '/api/signal-category',
    loaded: (page) =>
      page
        .getByRole('main')
        .getByLabel(/Catégorie/)
        .first(),
  },
  {
    screen: 'a signal',
    persona: 'signal-agent',
    path: (t) => `/signalement/signal/${first(t.signals, ofContract1)}`,
    read: () => '/api/signal/*',
    loaded: heading(/^Signalement n°/),
  },
  {
    screen: 'the request list',
    persona: 'request-agent',
    path: () => '/demande',
    read: () => '/api/request',
    loaded: rows,
  },
  {
    screen: 'the request types',
    persona: 'request-agent',
    path: () => '/demande/nouvelle-demande',
    read: () => '/api/request-type',
    loaded: (page) =>
      page.getByRole('main').getByRole('link').or(page.getByRole('main').getByRole('radio')).first(),
  },
  {
    screen: 'a request draft',
    persona: 'request-agent',
    path: (t) =>
      `/demande/nouvelle-demande/${first(t.requests, (r) => ofContract1(r) && r.status === 'DRAFT')}`,
    read: () => '/api/request/*',
    loaded: heading(/brouillon/),
  },
  {
    screen: 'a signal turned into a request',
    persona: 'request-agent',
    path: (t) => `/demande/signal-vers-demande/${first(t.signals, ofContract1)}`,
    read: () => '/api/signal/*',
    loaded: heading(/Transformer le signalement/),
  },
  {
    screen: 'a request',
    persona: 'request-agent',
    path: (t) => `/demande/${first(t.requests, (r) => ofContract1(r) && r.status !== 'DRAFT')}`,
    read: () => '/api/request/*',
    loaded: heading(/^Demande n°/),
  },
  {
    screen: 'the Power BI workspace',
    persona: 'bi-analyst',
    path: () => '/api/powerbi',
    read: () => '/api/power-bi/embed',
    loaded: (page) => page.getByRole('main').getByTitle(/^Rapport /),
  },
  {
    screen: 'the trends workspace',
    persona: 'bi-analyst',
    path: () => '/api/powerbi/trends',
    read: () => '/api/power-bi/embed',
    loaded: (page) => page.getByRole('main').getByTitle(/^Rapport /),
  },
  {
    screen: 'the IoT dashboards',
    persona: 'iot-agent',
    path: () => '/api/thingsboard/dashboards',
    read: () => '/api/thingsboard/dashboards',
    loaded: (page) =>
      page
        .getByRole('main')
        .getByRole('button', { name: /^Ouvrir / })
        .first(),
  },
  {
    screen: 'the profile',
    persona: 'agent',
    path: () => '/mon-profil',
    read: (t) => `/api/user/${userOf(t, 'agent')}`,
    loaded: heading(/\w+ \w+/),
  },
  {
    screen: "the industrial site's own view",
    persona: 'site-user',
    path: () => '/mon-site',
    read: () => '/api/user/industrial-site',
    loaded: heading(/\w/),
  },
  {
    screen: "the industrial site's indicator sources",
    persona: 'site-user',
    path: () => '/mon-site',
    read: () => '/api/indicator-source',
    loaded: (page) => page.getByRole('group', { name: 'Indicateurs affichés' }),
  },
  {
    screen: 'the works list',
    persona: 'works-planner',
    path: () => '/travaux',
    read: () => '/api/public-work',
    loaded: rows,
  },
  {
    screen: 'the new work form',
    persona: 'works-planner',
    path: () => '/travaux/nouveau',
    read: (t) => `/api/user/${userOf(t, 'works-planner')}/organizations`,
    loaded: (page) =>
      page
        .getByRole('main')
        .getByLabel(/Organisation/)
        .first(),
  },
  {
    screen: 'a public work',
    persona: 'works-planner',
    path: (t) => `/travaux/${first(t.publicWorks, ofContract1)}`,
    read: () => '/api/public-work/*',
    loaded: heading(/\w/),
  },
  {
    screen: 'a public work being edited',
    persona: 'works-planner',
    path: (t) => `/travaux/edition/${first(t.publicWorks, ofContract1)}`,
    read: () => '/api/public-work/*',
    loaded: heading(/^Modifier/),
  },
  {
    screen: 'the calendar list',
    persona: 'calendar-admin',
    path: () => '/calendrier',
    read: () => '/api/calendar',
    loaded: rows,
  },
  {
    screen: 'a calendar',
    persona: 'calendar-admin',
    path: (t) => `/calendrier/${calendar(t)}`,
    read: () => '/api/calendar/*',
    loaded: heading(/^Calendrier/),
  },
  {
    screen: 'the new event form',
    persona: 'calendar-admin',
    path: (t) => `/calendrier/${calendar(t)}/evenement`,
    read: () => '/api/calendar/*',
    loaded: heading(/^Nouvel événement/),
  },
  {
    screen: 'an event',
    persona: 'calendar-admin',
    path: (t) => `/calendrier/${calendar(t)}/evenement/${event(t)}`,
    read: () => '/api/calendar/*/event/*',
    loaded: heading(/\w/),
  },
  {
    screen: 'an event being edited',
    persona: 'calendar-admin',
    path: (t) => `/calendrier/${calendar(t)}/evenement/${event(t)}/modification`,
    read: () => '/api/calendar/*/event/*',
    loaded: heading(/^Modification/),
  },
  {
    screen: 'the contract list',
    persona: 'portal-admin',
    path: () => '/admin/contrat',
    read: () => '/api/contracts',
    loaded: rows,
  },
  {
    screen: 'the contracts to finalize',
    persona: 'portal-admin',
    path: () => '/admin/contrat/a-finaliser',
    read: () => '/api/contracts',
    loaded: rows,
  },
  {
    screen: "a contract's details",
    persona: 'portal-admin',
    path: () => '/admin/contrat/2',
    read: () => '/api/contract/2',
    loaded: heading(/^Grand Lyon Eau$/),
  },
  ...TABS.map(({ tab, read }): Case => ({
    screen: `the territorial management, tab ${tab}`,
    persona: 'contract-admin',
    path: () => `/gestion-territoriale#${tab}`,
    read: () => read,
    loaded: rows,
  })),
  ...TABS.map(({ tab, read }): Case => ({
    screen: `a contract's details, tab ${tab}`,
    persona: 'portal-admin',
    path: () => `/admin/contrat/1#${tab}`,
    read: () => read,
    loaded: rows,
  })),
  {
    screen: 'an area',
    persona: 'contract-admin',
    path: (t) => `/gestion-territoriale/area/${first(t.areas, ofContract1)}`,
    read: () => '/api/area/*',
    loaded: heading(/\w/),
  },
  {
    screen: 'an organization',
    persona: 'contract-admin',
    path: (t) =>
      `/gestion-territoriale/organisation-territoriale/${first(t.organizations, (o) => ofContract1(o) && o.type === 'Community')}`,
    read: () => '/api/organization/*',
    loaded: heading(/\w/),
  },
  {
    screen: 'the users of an organization',
    persona: 'contract-admin',
    path: (t) =>
      `/gestion-territoriale/organisation-territoriale/${first(t.organizations, (o) => ofContract1(o) && o.type === 'Community')}`,
    read: () => '/api/organization/*/user',
    loaded: rows,
  },
  {
    screen: 'an operator',
    persona: 'contract-admin',
    path: (t) =>
      `/gestion-territoriale/exploitant/${first(t.organizations, (o) => ofContract1(o) && o.type === 'Operator')}`,
    read: () => '/api/organization/*',
    loaded: heading(/\w/),
  },
  {
    screen: 'a user',
    persona: 'contract-admin',
    path: (t) => `/gestion-territoriale/utilisateur/${userOf(t, 'agent')}`,
    read: (t) => `/api/user/${userOf(t, 'agent')}`,
    loaded: heading(/\w+ \w+/),
  },
  {
    screen: "a user's organizations",
    persona: 'contract-admin',
    path: (t) => `/gestion-territoriale/utilisateur/${userOf(t, 'agent')}`,
    read: (t) => `/api/user/${userOf(t, 'agent')}/organizations`,
    loaded: rows,
  },
  {
    screen: 'an industrial site',
    persona: 'contract-admin',
    path: (t) => `/gestion-territoriale/site-industriel/${site(t)}`,
    read: () => '/api/industrial-site/*',
    loaded: heading(/^Site industriel/),
  },
  {
    screen: "an industrial site's contact",
    persona: 'contract-admin',
    path: (t) =>
      `/gestion-territoriale/site-industriel/${site(t)}/contact/${first(t.siteContacts, (c) => c.siteId === site(t))}`,
    read: () => '/api/industrial-site/*/contact/*',
    loaded: (page) => page.getByRole('main').getByLabel(/Nom/).first(),
  },
];

async function sweep(
  page: Page,
  c: Case,
  tables: Tables,
  signInAs: (p: string, path: string) => Promise<unknown>,
  mock: MockClient,
) {
  const path = c.path(tables);
  // every try fails (no `times`): the query client's own retry meets the fault too
  await mock.faults.add({ method: 'GET', path: c.read(tables), status: 500, body: { message: 'sweep' } });
  await signInAs(c.persona, path);
  await c.open?.(page);
  const failure = new LoadFailure(page);
  await failure.expectSaidInPlace(path);

  await mock.faults.clear();
  await failure.retry();
  await expect(c.loaded(page)).toBeVisible();
}

test.describe('read failures at desktop size', () => {
  for (const c of CASES) {
    test(`${c.screen}: a failed first read is said in place, and Réessayer shows the data`, async ({
      page,
      signInAs,
      mock,
    }) => {
      const { tables } = await mock.exportState<{ tables: Tables }>();
      await sweep(page, c, tables, signInAs, mock);
    });
  }
});

test.describe('read failures at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const PHONE = ['the signal list', 'the request list', 'the works list', 'the calendar list'];
  for (const c of CASES.filter((x) => PHONE.includes(x.screen))) {
    test(`${c.screen} on a phone: a failed first read is said in place, and Réessayer shows the data`, async ({
      page,
      signInAs,
      mock,
    }) => {
      const { tables } = await mock.exportState<{ tables: Tables }>();
      await sweep(page, c, tables, signInAs, mock);
    });
  }
});
