// Phones: at 390 × 844 no page of the portal scrolls sideways; a table scrolls
// inside its own container (the page does not), headers and toolbars wrap, and the dashboard's
// widgets keep their content inside them.
import type { Page } from '@playwright/test';
import { test, expect, PortalPage, TerritorialAdminPage } from '../../fixtures/index.ts';
import { DashboardPage } from '../../pages/dashboard.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });

interface PhoneState {
  tables: {
    users: { id: number; personaId?: string; contractIds: number[] }[];
    areas: { id: number; contractId: number }[];
    organizations: { id: number; contractId: number; type: string }[];
    industrialSites: { id: number; contractId: number }[];
    siteContacts: { id: number; siteId: number }[];
    signals: { id: number; contractId: number }[];
    requests: { id: number; contractId: number; status: string }[];
    publicWorks: { id: number; contractId: number }[];
    calendars: { id: number; contractId: number }[];
  };
}

/** The page has settled: its heading shows and no loading spinner is left in the main area. */
async function settled(page: Page): Promise<void> {
  await new PortalPage(page).settled(20_000);
}

/** How wide the document is, and which elements stick out past the screen's right edge. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const limit = document.documentElement.clientWidth + 1;
    const culprits: string[] = [];
    // the outermost elements past the right edge (their parent is within it)
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > limit) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')}`;
      culprits.push(`${name} right=${Math.round(box.right)}`);
    }
    return { width, culprits: culprits.slice(0, 8) };
  });
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await settled(page);
  const { width, culprits } = await overflow(page);
  expect(width, `${label} is ${width}px wide at 390px: ${culprits.join(', ')}`).toBeLessThanOrEqual(391);
}

async function visitAll(
  page: Page,
  signInAs: (persona: string, path?: string) => Promise<unknown>,
  persona: string,
  paths: string[],
): Promise<void> {
  await signInAs(persona, paths[0]);
  for (const [index, path] of paths.entries()) {
    if (index > 0) await page.goto(path);
    await expectNoSidewaysScroll(page, `${path} (${persona})`);
  }
}

test('the operations pages fit a phone', async ({ page, signInAs, mock }) => {
  const { tables } = await mock.exportState<PhoneState>();
  const contractOf = (persona: string) => tables.users.find((u) => u.personaId === persona)?.contractIds[0];
  const signal = tables.signals.find((s) => s.contractId === contractOf('signal-agent'));
  const requests = tables.requests.filter((r) => r.contractId === contractOf('request-agent'));
  const draft = requests.find((r) => r.status === 'DRAFT');
  const sent = requests.find((r) => r.status !== 'DRAFT');
  const work = tables.publicWorks.find((w) => w.contractId === contractOf('works-planner'));
  const calendar = tables.calendars.find((c) => c.contractId === contractOf('calendar-admin'));
  if (!signal || !draft || !sent || !work || !calendar) throw new Error('the scenario has one of each');

  await visitAll(page, signInAs, 'signal-agent', [
    '/signalement',
    '/signalement/signaler',
    `/signalement/signal/${signal.id}`,
  ]);
  await visitAll(page, signInAs, 'request-agent', [
    '/demande',
    '/demande/nouvelle-demande',
    `/demande/nouvelle-demande/${draft.id}`,
    `/demande/${sent.id}`,
  ]);
  await visitAll(page, signInAs, 'works-planner', [
    '/travaux',
    '/travaux/nouveau',
    `/travaux/${work.id}`,
    `/travaux/edition/${work.id}`,
  ]);
  await visitAll(page, signInAs, 'calendar-admin', [
    '/calendrier',
    `/calendrier/${calendar.id}`,
    `/calendrier/${calendar.id}/evenement`,
  ]);
  await visitAll(page, signInAs, 'site-user', ['/mon-site']);
  await visitAll(page, signInAs, 'bi-analyst', ['/api/powerbi', '/api/powerbi/trends']);
  await visitAll(page, signInAs, 'iot-agent', ['/api/thingsboard/dashboards']);
});

test('the territorial pages and the contract administration fit a phone', async ({
  page,
  signInAs,
  mock,
}) => {
  const { tables } = await mock.exportState<PhoneState>();
  const contractId = tables.users.find((u) => u.personaId === 'contract-admin')?.contractIds[0];
  const area = tables.areas.find((a) => a.contractId === contractId);
  const community = tables.organizations.find((o) => o.contractId === contractId && o.type === 'Community');
  const operator = tables.organizations.find((o) => o.contractId === contractId && o.type === 'Operator');
  const user = tables.users.find((u) => u.contractIds.includes(contractId ?? 0));
  const site = tables.industrialSites.find((s) => s.contractId === contractId);
  const contact = tables.siteContacts.find((c) => c.siteId === site?.id);
  if (!contractId || !area || !community || !operator || !user || !site || !contact)
    throw new Error('the scenario has one of each');

  const details = (base: string) => [
    `${base}/area/${area.id}`,
    `${base}/organisation-territoriale/${community.id}`,
    `${base}/exploitant/${operator.id}`,
    `${base}/utilisateur/${user.id}`,
  ];
  await visitAll(page, signInAs, 'contract-admin', [
    '/gestion-territoriale',
    '/gestion-territoriale#utilisateurs',
    '/gestion-territoriale#sites-industriels',
    '/gestion-territoriale#organisations',
    '/gestion-territoriale#exploitants',
    '/gestion-territoriale#services',
    ...details('/gestion-territoriale'),
    '/gestion-territoriale/site-industriel/creation',
    `/gestion-territoriale/site-industriel/${site.id}`,
    `/gestion-territoriale/site-industriel/${site.id}/contact`,
    `/gestion-territoriale/site-industriel/${site.id}/contact/${contact.id}`,
  ]);
  await visitAll(page, signInAs, 'portal-admin', [
    '/admin/contrat',
    '/admin/contrat/mes-contrats',
    '/admin/contrat/a-finaliser',
    '/admin/contrat/creation',
    `/admin/contrat/${contractId}`,
    ...details(`/admin/contrat/${contractId}`),
  ]);
});

test('the home, map, profile and public pages fit a phone, and widgets keep their content', async ({
  page,
  signInAs,
}) => {
  await visitAll(page, signInAs, 'dashboard-all', [
    '/',
    '/cartographie',
    '/cartographie?tab=interventions',
    '/mon-profil',
  ]);
  await page.goto('/');
  await settled(page);
  // every widget's content stays inside it (nothing cut off on the right)
  const widgets = new DashboardPage(page).everyWidget;
  const count = await widgets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const widget = widgets.nth(i);
    await widget.scrollIntoViewIfNeeded();
    const box = await widget.boundingBox();
    expect(box?.width ?? 0, `widget ${i} is on screen`).toBeGreaterThan(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `widget ${i} fits the screen`).toBeLessThanOrEqual(391);
    // its content is not cut off: it fits, or the part that does not scrolls inside the widget
    // charts are drawn to their box once it is measured: the check waits for that to settle
    const hidden = () =>
      widget.evaluate((el) => {
        const cut: string[] = [];
        for (const node of [el, ...Array.from(el.querySelectorAll('*'))] as HTMLElement[]) {
          const style = getComputedStyle(node);
          const clips = ['hidden', 'clip'];
          if (node.classList.contains('visually-hidden')) continue;
          if (clips.includes(style.overflowX) && node.scrollWidth > node.clientWidth + 1)
            cut.push(`${node.className} x`);
          if (clips.includes(style.overflowY) && node.scrollHeight > node.clientHeight + 1)
            cut.push(`${node.className} y`);
        }
        return cut;
      });
    await expect.poll(hidden, { message: `widget ${i}: content cut off` }).toEqual([]);
  }
  for (const path of [
    '/mentions-legales-portail',
    '/accessibilite',
    '/conditions-generales-d-utilisation-portail',
    '/declaration-cookies',
    '/error/unknown',
    '/error/access-denied',
    '/error/oops',
  ]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }
});

test('a table scrolls inside its own container on a phone, the page does not', async ({
  page,
  signInAs,
  list,
  axe,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  await settled(page);
  const { table } = list;
  await expect(list.rows.first()).toBeVisible();
  const sizes = await table.evaluate((el) => {
    const box = el.parentElement as HTMLElement;
    return {
      overflowX: getComputedStyle(box).overflowX,
      boxRight: box.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(sizes.overflowX).toBe('auto');
  expect(sizes.boxRight).toBeLessThanOrEqual(391);
  expect(sizes.page).toBeLessThanOrEqual(391);
  // the toolbar (range, page size, export) wraps within the screen
  const { toolbar } = list;
  const right = await toolbar.evaluate((el) =>
    Math.max(...Array.from(el.querySelectorAll('*')).map((c) => c.getBoundingClientRect().right)),
  );
  expect(right).toBeLessThanOrEqual(391);
  await axe();
});
