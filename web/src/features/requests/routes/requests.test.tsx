import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@/test/render';
import {
  asPersona,
  createPersona,
  mockState,
  openScreen,
  resetMock,
  signInPersona,
  startMockBackend,
} from '@/test/mock-backend';

let mock: Awaited<ReturnType<typeof startMockBackend>>;
beforeAll(async () => {
  await setupI18n();
  mock = await startMockBackend();
});
afterAll(() => mock.close());
beforeEach(() => resetMock(mock));

describe('service requests', { timeout: 60_000 }, () => {
  it('starts a draft from a type, saves it as the user types, resumes it after a reload and submits it', async () => {
    await signInPersona(mock, 'request-agent');
    const { router } = await openScreen('/demande/nouvelle-demande');
    await userEvent.click(await screen.findByRole('button', { name: 'Choisir le type Nettoyage' }));
    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/demande\/nouvelle-demande\/\d+$/),
      { timeout: 10_000 },
    );
    const path = router.state.location.pathname;
    await userEvent.type(
      await screen.findByLabelText('Objet', {}, { timeout: 10_000 }),
      'Nettoyage place Wilson',
    );
    expect(await screen.findByText(/Brouillon enregistré à/, {}, { timeout: 5000 })).toBeInTheDocument();

    // "reload": a new app on the same address shows the saved draft
    cleanup();
    await openScreen(path);
    expect(await screen.findByLabelText('Objet')).toHaveValue('Nettoyage place Wilson');
    expect(screen.getByLabelText('Type de demande')).toHaveDisplayValue('Nettoyage');

    // incomplete: the server names the missing description
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/description/);
    await userEvent.type(screen.getByLabelText('Description'), 'Tags sur le kiosque');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Demande n° \d+$/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Envoyée')).toBeInTheDocument();
    expect(screen.getByText('Tags sur le kiosque')).toBeInTheDocument();
  });

  it('prefills a request from a signal and links them', async () => {
    // a road signal of the scenario not yet linked to a request: the type it suggests is roadwork
    const tables = (await mockState(mock)) as unknown as {
      signals: {
        id: number;
        contractId: number;
        categoryId: number;
        requestId: number | null;
        description: string;
        address: string;
      }[];
      signalCategories: { id: number; contractId: number; code: string; label: string }[];
    };
    const road = tables.signalCategories.find((c) => c.contractId === 1 && c.code === 'ROAD');
    const signal = tables.signals.find((s) => s.categoryId === road?.id && s.requestId === null);
    if (!road || !signal)
      throw new Error('the default scenario has no road signal without a request in contract 1');
    await signInPersona(mock, 'dashboard-all');
    const { router } = await openScreen(`/demande/signal-vers-demande/${signal.id}`);
    expect(await screen.findByLabelText('Description', {}, { timeout: 10_000 })).toHaveValue(
      signal.description,
    );
    expect(screen.getByLabelText('Objet')).toHaveValue(`${road.label} — ${signal.address}`);
    expect(screen.getByLabelText('Type de demande')).toHaveDisplayValue('Intervention voirie');
    await userEvent.click(screen.getByRole('button', { name: 'Créer la demande' }));
    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/demande\/nouvelle-demande\/\d+$/),
      { timeout: 10_000 },
    );
    expect(
      await screen.findByText(`Demande issue du signalement n° ${signal.id}.`, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const requestId = router.state.location.pathname.split('/').pop();
    cleanup();
    await openScreen(`/signalement/signal/${signal.id}`);
    expect(
      await screen.findByRole('link', { name: `Demande liée n° ${requestId}` }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  async function submittedRequestId(): Promise<number> {
    const list = await asPersona<{ id: number }[]>(
      mock,
      'request-agent',
      '/api/request?contract=1&status=SUBMITTED',
    );
    return list[0]!.id;
  }

  it('lets a request operator take a request in hand then close it, each move in the history', async () => {
    const id = await submittedRequestId();
    await signInPersona(mock, 'request-agent');
    await openScreen(`/demande/${id}`);
    const panel = await screen.findByRole('region', { name: 'Traitement de la demande' });
    // SUBMITTED: taken in hand or rejected, never done at once
    expect(within(panel).queryByRole('button', { name: 'Marquer comme traitée' })).toBeNull();
    await userEvent.type(
      within(panel).getByLabelText('Commentaire (facultatif)'),
      'Équipe propreté prévenue',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Prendre en charge' }));
    const history = await screen.findByRole('table', { name: 'Historique de la demande' });
    expect(await within(history).findByText('Équipe propreté prévenue')).toBeInTheDocument();
    expect(await screen.findByText('La demande est maintenant : En cours.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Marquer comme traitée' }));
    expect(
      await within(panel).findByText('Aucune action possible : la demande est traitée.'),
    ).toBeInTheDocument();
    expect(within(history).getAllByRole('row')).toHaveLength(3);
  });

  it('shows a plain request agent the history but no action', async () => {
    const id = await submittedRequestId();
    await createPersona(mock, { id: 'request-plain', roles: ['ROLE_REQUEST'], contractIds: [1] });
    await signInPersona(mock, 'request-plain');
    await openScreen(`/demande/${id}`);
    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Traitement de la demande' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Prendre en charge' })).toBeNull();
  });
});
