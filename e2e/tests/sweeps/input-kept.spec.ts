// The input-kept sweep: in every form and dialog where a person types, what was typed survives the
// browser's Back (the portal asks 'Quitter sans enregistrer ?'; staying keeps the text) and a
// reload (the browser's own prompt first; a request draft saves itself and comes back as it was).
import type { Locator, Page } from '@playwright/test';
import { test, expect, Dialog, PagedList, TerritorialAdminPage, Wizard } from '../../fixtures/index.ts';
import type { TerritorialTab } from '../../pages/territorial-admin.ts';
import { UnsavedInput } from '../../pages/unsaved-input.ts';
import { firstRow as first, ofContract1, type Row } from './scenario-rows.ts';

test.describe.configure({ timeout: 90_000 });

type Tables = Record<
  'signals' | 'publicWorks' | 'calendars' | 'calendarEvents' | 'areas' | 'organizations',
  Row[]
>;

interface FormCase {
  form: string;
  persona: string;
  /** the page the person starts from */
  from: (t: Tables) => string;
  /** what the person does there to open the form (a move in the portal, so Back has somewhere to go) */
  open: (page: Page, t: Tables) => Promise<void>;
  /** the field typed into */
  field: (page: Page, t: Tables) => Locator;
  /** a request draft saves itself: a reload brings the text back instead of asking */
  savesItself?: boolean;
}

const community = (t: Tables) =>
  first(t.organizations, (o) => ofContract1(o) && o.type === 'Community' && o.master !== true);
const area = (t: Tables) => first(t.areas, ofContract1);
const calendarId = (t: Tables) => first(t.calendars, ofContract1).id;
const main = (page: Page) => page.getByRole('main');
const click =
  (name: string | RegExp, role: 'link' | 'button' = 'button') =>
  async (page: Page) =>
    main(page).getByRole(role, { name }).first().click();
/** From a territorial list tab: the detail of a row, then a button of the detail (which opens a dialog). */
const detailThen = (label: (t: Tables) => string, button: string) => async (page: Page, t: Tables) => {
  await new PagedList(page).row(label(t)).first().getByRole('link').first().click();
  await main(page).getByRole('button', { name: button, exact: true }).click();
};
/** From home, the menu's territorial management, then one of its tabs. */
async function territorialTab(page: Page, tab: TerritorialTab): Promise<TerritorialAdminPage> {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Gestion territoriale' })
    .click();
  const admin = new TerritorialAdminPage(page);
  await admin.openTab(tab);
  return admin;
}

const CASES: FormCase[] = [
  {
    form: 'the signal report',
    persona: 'signal-agent',
    from: () => '/signalement',
    open: click('Signaler', 'link'),
    field: (page) => main(page).getByLabel('Description'),
  },
  {
    form: 'a request draft',
    persona: 'request-agent',
    from: () => '/demande/nouvelle-demande',
    open: click(/^Choisir/),
    field: (page) => main(page).getByLabel('Objet'),
    savesItself: true,
  },
  {
    form: 'a signal turned into a request',
    persona: 'dashboard-all',
    from: (t) => `/signalement/signal/${first(t.signals, (s) => ofContract1(s) && !s.requestId).id}`,
    open: click('Transformer en demande', 'link'),
    field: (page) => main(page).getByLabel('Objet'),
  },
  {
    form: 'a new public work',
    persona: 'works-planner',
    from: () => '/travaux',
    open: click('Nouveaux travaux', 'link'),
    field: (page) => main(page).getByLabel('Intitulé'),
  },
  {
    form: 'a public work being edited',
    persona: 'works-planner',
    from: (t) => `/travaux/${first(t.publicWorks, ofContract1).id}`,
    open: click('Modifier', 'link'),
    field: (page) => main(page).getByLabel('Intitulé'),
  },
  {
    form: 'a new calendar event',
    persona: 'calendar-admin',
    from: (t) => `/calendrier/${calendarId(t)}`,
    open: click('Nouvel événement', 'link'),
    field: (page) => main(page).getByLabel('Titre'),
  },
  {
    form: 'a calendar event being edited',
    persona: 'calendar-admin',
    from: (t) =>
      `/calendrier/${calendarId(t)}/evenement/${first(t.calendarEvents, (e) => e.calendarId === calendarId(t)).id}`,
    open: click("Modifier l'événement", 'link'),
    field: (page) => main(page).getByLabel('Titre'),
  },
  {
    form: 'the contract creation',
    persona: 'portal-admin',
    from: () => '/admin/contrat/a-finaliser',
    open: click('Créer un contrat'),
    field: (page) => main(page).getByLabel('Libellé'),
  },
  {
    form: 'a new industrial site',
    persona: 'contract-admin',
    from: () => TerritorialAdminPage.path('Sites industriels'),
    open: click('Ajouter un site industriel'),
    field: (page) => main(page).getByLabel('Nom', { exact: true }),
  },
  {
    form: "the contract's appearance",
    persona: 'contract-admin',
    from: () => '/',
    open: async (page) => {
      await territorialTab(page, 'Territoires');
    },
    field: (page) =>
      page.getByRole('region', { name: 'Apparence du portail' }).getByLabel('Titre de la page'),
  },
  {
    form: 'the organization edit dialog',
    persona: 'contract-admin',
    from: () => TerritorialAdminPage.path('Organisations'),
    open: detailThen((t) => String(community(t).label), 'Modifier'),
    field: (page, t) =>
      new Dialog(page, `Modifier l'organisation ${String(community(t).label)}`).field(
        "Nom de l'organisation",
      ),
  },
  {
    form: 'the area rename dialog',
    persona: 'contract-admin',
    from: () => TerritorialAdminPage.path('Territoires'),
    open: detailThen((t) => String(area(t).label), 'Renommer'),
    field: (page, t) =>
      new Dialog(page, `Renommer le territoire ${String(area(t).label)}`).field('Nom du territoire'),
  },
  {
    form: 'the add-organization wizard',
    persona: 'contract-admin',
    from: () => '/',
    open: async (page) => {
      await (await territorialTab(page, 'Organisations')).add('Organisations');
    },
    field: (page) => new Wizard(page, 'Ajouter une organisation').field(/Nom de l'organisation/),
  },
  {
    form: 'the add-users wizard',
    persona: 'contract-admin',
    from: () => '/',
    open: async (page) => {
      const wizard = await (await territorialTab(page, 'Utilisateurs')).add('Utilisateurs');
      await wizard.button('Ajouter Dijon Métropole').click();
      await wizard.next();
    },
    field: (page) => new Wizard(page, 'Ajouter des utilisateurs').field('Adresses e-mail des utilisateurs'),
  },
  {
    form: 'a service configuration',
    persona: 'contract-admin',
    from: () => '/',
    open: async (page) => {
      const admin = await territorialTab(page, 'Services');
      await admin.list
        .row('Gestion documentaire')
        .getByRole('button', { name: 'Modifier le service Gestion documentaire' })
        .click();
    },
    field: (page) =>
      new Wizard(page, "Modification d'un service").root.getByRole('textbox', { name: /Libellé du bouton/ }),
  },
];

const TYPED = 'Saisie à ne pas perdre';

for (const c of CASES) {
  test(`${c.form}: Back asks and keeps what was typed; a reload ${c.savesItself ? 'restores it' : 'asks first'}`, async ({
    page,
    signInAs,
    mock,
  }) => {
    const { tables } = await mock.exportState<{ tables: Tables }>();
    await signInAs(c.persona, c.from(tables));
    await c.open(page, tables);
    const field = c.field(page, tables);
    await expect(field).toBeEditable();
    await field.fill(TYPED);
    await expect(field).toHaveValue(TYPED);
    const guard = new UnsavedInput(page);

    if (c.savesItself) {
      // a reload brings the draft back as it was typed; Back saves it on the way out (no question)
      // and the draft opened again holds the text
      const draft = page.url();
      await page.reload();
      await expect(c.field(page, tables)).toHaveValue(TYPED);
      await page.goBack();
      await expect(page).not.toHaveURL(draft);
      await expect(guard.question.root).toHaveCount(0);
      await page.goForward();
      await expect(page).toHaveURL(draft);
      await expect(c.field(page, tables)).toHaveValue(TYPED);
      return;
    }
    await guard.backAsksThenStay();
    await expect(field).toHaveValue(TYPED);
    await guard.reloadAsksThenStay();
    await expect(field).toHaveValue(TYPED);
  });
}
