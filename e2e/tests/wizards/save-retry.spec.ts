// A save the server refuses for a while (a 503 of a busy backend) is tried again by the person:
// the wizard keeps what was typed and Validate saves once it answers. The README's QA session runs
// this test with a fault of its run (`portal fault add ... --sequence 503,201`); on its own, the
// test makes the first save fail with a fault of its own partition.
import { test, expect as harnessExpect, MockClient, TerritorialAdminPage } from '../../fixtures/index.ts';
import { runPartition } from '../../fixtures/env.ts';

test.describe.configure({ timeout: 90_000 });
const expect = harnessExpect.configure({ timeout: 20_000 });

const ROLE_PATH = '/api/contract/*/user/role';

test('add users: a failed save is tried again with Validate, and the user is added once', async ({
  signInAs,
  mock,
  mockUrl,
  territorialAdmin: admin,
}) => {
  // the run's rules answer after this partition's own: a fault of the run on the save (README's QA
  // session) is the failure; without one, this partition's own fault
  const runFaults = runPartition ? await new MockClient(mockUrl, runPartition).call('listFaults') : [];
  if (!runFaults.some((rule) => rule.path === ROLE_PATH && rule.method === 'POST'))
    await mock.faults.add({ method: 'POST', path: ROLE_PATH, status: 503, times: 1 });
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  const wizard = await admin.add('Utilisateurs');
  await wizard.add('Dijon Métropole');
  await wizard.next();
  await wizard.field('Adresses e-mail des utilisateurs').fill('nouvel.essai@example.fr');
  await wizard.field('Adresses e-mail des utilisateurs').press('Enter');
  await wizard.next();

  await wizard.validate();
  await expect(wizard.alert).toContainText("L'enregistrement a échoué : vos saisies sont conservées");
  await wizard.validate();
  await expect(wizard.success("L'utilisateur a été ajouté.")).toBeVisible();
  await expect(wizard.alert).toHaveCount(0);

  const posts = await mock.journal({ method: 'POST', path: '/api/contract/1/user/role' });
  expect(posts.map((call) => call.status)).toEqual([503, 201]);
});
