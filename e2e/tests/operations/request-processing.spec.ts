// Processing a service request (/demande/{id}): a request operator moves it along the contract's
// transitions with a comment, each move in the history and the mock's state; a refused move
// (the request changed meanwhile) shows why and changes nothing; a plain request agent reads the
// history without any action.
import { test, expect, Dialog, type MockClient } from '../../fixtures/index.ts';
import type { APIRequestContext } from '@playwright/test';

interface RequestView {
  id: number;
  status: string;
  history: { status: string; comment: string; author: string }[];
}

async function firstSubmitted(
  mock: MockClient,
  mockUrl: string,
  request: APIRequestContext,
): Promise<{ id: number; read: () => Promise<RequestView> }> {
  const { token } = await mock.token('request-agent');
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get(`${mockUrl}/api/request?contract=1&status=SUBMITTED`, { headers });
  const [first] = (await list.json()) as RequestView[];
  if (!first) throw new Error('the scenario has a submitted request in contract 1');
  return {
    id: first.id,
    read: async () =>
      (await (await request.get(`${mockUrl}/api/request/${first.id}`, { headers })).json()) as RequestView,
  };
}

test('a request operator takes a request in hand with a comment, then closes it', async ({
  toasts,
  page,
  signInAs,
  mock,
  mockUrl,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const { id, read } = await firstSubmitted(mock, mockUrl, request);
  await signInAs('request-agent', `/demande/${id}`);
  const panel = page.getByRole('region', { name: 'Traitement de la demande' });
  await expect(panel.getByRole('button')).toHaveText(['Prendre en charge', 'Rejeter la demande']);
  await axe();
  await panel.getByLabel('Commentaire (facultatif)').fill('Équipe voirie prévenue');
  await panel.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(toasts.success).toHaveText('La demande est maintenant : En cours.');
  const history = page.getByRole('table', { name: 'Historique de la demande' });
  await expect(history.getByRole('row').last()).toContainText('Équipe voirie prévenue');
  await expect(panel.getByLabel('Commentaire (facultatif)')).toHaveValue('');
  expect(await read()).toMatchObject({ status: 'IN_PROGRESS' });
  await expect(panel.getByRole('button')).toHaveText(['Marquer comme traitée', 'Rejeter la demande']);

  await panel.getByRole('button', { name: 'Marquer comme traitée' }).click();
  await expect(panel).toContainText('Aucune action possible : la demande est traitée.');
  const saved = await read();
  expect(saved.status).toBe('DONE');
  expect(saved.history.slice(-2).map((h) => h.status)).toEqual(['IN_PROGRESS', 'DONE']);
  await expect(history.getByRole('row')).toHaveCount(1 + saved.history.length);
  await axe();
});

test('rejecting asks for confirmation and a reason, kept in the history', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
  axe,
}) => {
  const { id, read } = await firstSubmitted(mock, mockUrl, request);
  await signInAs('request-agent', `/demande/${id}`);
  const panel = page.getByRole('region', { name: 'Traitement de la demande' });
  await panel.getByRole('button', { name: 'Rejeter la demande' }).click();
  const confirm = new Dialog(page, 'Rejeter la demande');
  await expect(confirm.root).toBeVisible();
  await axe();
  // cancelling changes nothing
  await confirm.cancel();
  await confirm.expectHidden();
  expect((await read()).status).toBe('SUBMITTED');

  // no reason: refused on the field, nothing sent
  await panel.getByRole('button', { name: 'Rejeter la demande' }).click();
  await confirm.button('Rejeter la demande', true).click();
  await expect(confirm.text('Indiquez le motif du rejet.')).toBeVisible();
  expect(await mock.journal({ method: 'PUT', path: `/api/request/${id}/status` })).toHaveLength(0);

  await confirm.field('Motif du rejet').fill('Hors du périmètre du contrat');
  await confirm.button('Rejeter la demande', true).click();
  await confirm.expectHidden();
  await expect(panel).toContainText('Aucune action possible : la demande est rejetée.');
  const history = page.getByRole('table', { name: 'Historique de la demande' });
  await expect(history.getByRole('row').last()).toContainText('Hors du périmètre du contrat');
  const saved = await read();
  expect(saved.status).toBe('REJECTED');
  expect(saved.history.at(-1)).toMatchObject({ status: 'REJECTED', comment: 'Hors du périmètre du contrat' });
});

test('a refused move says why and changes nothing', async ({ page, signInAs, mock, mockUrl, request }) => {
  const { id, read } = await firstSubmitted(mock, mockUrl, request);
  await signInAs('request-agent', `/demande/${id}`);
  const panel = page.getByRole('region', { name: 'Traitement de la demande' });
  await mock.faults.add({
    method: 'PUT',
    path: `/api/request/${id}/status`,
    status: 400,
    body: {
      message: `Request ${id} cannot go from DONE to REJECTED (DONE is final)`,
      errors: [{ path: 'status', message: 'invalid transition DONE -> REJECTED' }],
    },
    times: 1,
  });
  await panel.getByRole('button', { name: 'Rejeter la demande' }).click();
  const confirm = new Dialog(page, 'Rejeter la demande');
  await confirm.field('Motif du rejet').fill('Doublon');
  await confirm.button('Rejeter la demande', true).click();
  await confirm.expectHidden();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText("Le statut n'a pas pu être changé.");
  await alert.getByText('Détails techniques').click();
  await expect(alert).toContainText('cannot go from DONE to REJECTED');
  expect((await read()).status).toBe('SUBMITTED');
  // the mock itself refuses a move the transitions do not allow, naming it
  const { token } = await mock.token('request-agent');
  const skipped = await request.put(`${mockUrl}/api/request/${id}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'DONE' },
  });
  expect(skipped.status()).toBe(400);
  expect(((await skipped.json()) as { message: string }).message).toContain('from SUBMITTED to DONE');
  expect((await read()).status).toBe('SUBMITTED');
});

test('a plain request agent reads the history but has no action, and the call is refused', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
}) => {
  const { id, read } = await firstSubmitted(mock, mockUrl, request);
  await mock.createPersona({
    id: 'request-plain',
    firstName: 'Paul',
    lastName: 'Demandeur',
    roles: ['ROLE_REQUEST'],
    contractIds: [1],
  });
  await signInAs('request-plain', `/demande/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Demande n° ${id}`);
  await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Traitement de la demande' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prendre en charge' })).toHaveCount(0);
  const { token } = await mock.token('request-plain');
  const refused = await request.put(`${mockUrl}/api/request/${id}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'IN_PROGRESS' },
  });
  expect(refused.status()).toBe(403);
  expect((await read()).status).toBe('SUBMITTED');
});
