// An organization's services are edited as the contract's are: the services tab of
// an organization has an edit action opening the configuration titled "Modification d'un service";
// the signal notification's request types are saved as soon as they change, and
// Validate saves the rest, with no "add another" after an edit.
import { test, expect, Wizard } from '../../fixtures/index.ts';

interface EditState {
  tables: {
    services: { id: number; code: string; label: string }[];
    contractServices: { id: number; contractId: number; serviceId: number }[];
    organizations: {
      id: number;
      contractId: number;
      type: string;
      master: boolean;
      contractServiceIds: number[];
    }[];
    appConfigurations: {
      id: number;
      name: string;
      owner: number;
      ownerType: string;
      parameters: Record<string, unknown>;
    }[];
  };
}

test("an organization's signal notification is edited: request types saved on change, Validate saves the rest", async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const state = await mock.exportState<EditState>();
  const { tables } = state;
  const service = tables.services.find((s) => s.code === 'SIGNAL_NOTIFY');
  const attached = tables.contractServices.find((cs) => cs.contractId === 1 && cs.serviceId === service?.id);
  const organization = tables.organizations.find(
    (o) => o.contractId === 1 && o.type === 'Community' && !o.master,
  );
  if (!service || !attached || !organization)
    throw new Error('contract 1 has the signal service and an organization');
  if (!organization.contractServiceIds.includes(attached.id)) {
    organization.contractServiceIds.push(attached.id);
    await mock.importState(state);
  }
  const configsOf = async () =>
    (await mock.exportState<EditState>()).tables.appConfigurations.filter(
      (c) => c.ownerType === 'ORGANIZATION' && c.owner === organization.id && c.name === 'SIGNAL_NOTIFY',
    );

  await signInAs(
    'contract-admin',
    `/gestion-territoriale/organisation-territoriale/${organization.id}#services`,
  );
  await list
    .row(service.label)
    .getByRole('button', { name: `Modifier le service ${service.label}` })
    .click();
  const edit = new Wizard(page, "Modification d'un service");
  await expect(edit.previousButton).toHaveCount(0);
  const types = edit.root.getByRole('group', { name: 'Types de demande' }).getByRole('checkbox');
  await expect(types.first()).toBeVisible();
  await axe();

  // a request type ticked: saved at once, before Validate
  await mock.clearJournal();
  const first = types.first();
  const wasChecked = await first.isChecked();
  await first.setChecked(!wasChecked);
  await expect
    .poll(
      async () =>
        (await mock.journal({ path: '/api/external-apps/configuration*' })).filter(
          (e) => (e.method === 'POST' || e.method === 'PUT') && e.status !== null && e.status < 300,
        ).length,
    )
    .toBe(1);
  const typeId = Number(await first.getAttribute('value'));
  const afterChange = await configsOf();
  expect(afterChange).toHaveLength(1);
  const saved = afterChange[0]?.parameters.requestTypes as number[];
  expect(saved.includes(typeId)).toBe(!wasChecked);

  // a second change updates the same configuration (no second one created)
  await types.nth(1).setChecked(!(await types.nth(1).isChecked()));
  await expect
    .poll(
      async () => (await mock.journal({ method: 'PUT', path: '/api/external-apps/configuration/*' })).length,
    )
    .toBe(1);
  expect(await configsOf()).toHaveLength(1);

  await edit.validate();
  await expect(edit.success('La configuration du service a été enregistrée.')).toBeVisible();
  await expect(edit.button(/Ajouter/)).toHaveCount(0);
  expect(await configsOf()).toHaveLength(1);
});
