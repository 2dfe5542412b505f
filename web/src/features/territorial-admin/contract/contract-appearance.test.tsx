/**
 * A contract's appearance against the real mock server: the favicon file is
 * checked and previewed before any call, a 400 lands on its field in French, and a save re-themes
 * the tab at once, for the contract the user is signed in to only.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { controlOf, journal, mockState, signInPersona, withMockBackend } from '@/test/mock-backend';
import { useContractTheme } from '@/lib/theme/use-theme';
import { ContractAppearance } from './contract-appearance';

vi.setConfig({ testTimeout: 30_000 });

const mock = withMockBackend();
beforeEach(async () => {
  await controlOf(mock).clearJournal();
  document.title = 'Portail';
  document.head.innerHTML = '<link rel="icon" id="portal-favicon" href="/favicon.svg" />';
});

// a 1×1 PNG
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+FUWQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);
const favicon = () => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href');

/** The app shell's theme, as the signed-in user's tab gets it. */
function Themed({ contractId }: { contractId: number }) {
  useContractTheme();
  return <ContractAppearance contractId={contractId} />;
}

interface SiteRow {
  contractId: number;
  documentTitle: string;
  faviconOnglet: string | null;
}
const siteOf = async (contractId: number) =>
  ((await mockState(mock)).siteConfigurations as SiteRow[]).find((s) => s.contractId === contractId);

async function openSection(contractId: number) {
  renderWithProviders(<Themed contractId={contractId} />);
  const section = await screen.findByRole('region', { name: 'Apparence du portail' });
  // the form is drawn at once, disabled until its saved values arrive
  await waitFor(() => expect(within(section).getByLabelText(/Titre de la page/)).toBeEnabled());
  const title = within(section).getByLabelText(/Titre de la page/);
  return { section, title, file: within(section).getByLabelText('Favicon') };
}

describe('ContractAppearance', () => {
  it('draws its form at once, disabled and busy while the saved values load, then filled and enabled', async () => {
    await signInPersona(mock, 'contract-admin');
    renderWithProviders(<Themed contractId={1} />);
    const section = await screen.findByRole('region', { name: 'Apparence du portail' });
    const form = within(section).getByRole('form', { name: /apparence/i });
    expect(within(section).getByLabelText(/Titre de la page/)).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByLabelText(/Titre de la page/)).toBeEnabled());
    expect(within(section).getByLabelText(/Titre de la page/)).not.toHaveValue('');
    expect(within(section).getByRole('form', { name: /apparence/i })).not.toHaveAttribute('aria-busy');
    expect(within(section).getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  });

  it('refuses a file that is no accepted image or too large before any call, previews one that is, and says the colours cannot change', async () => {
    await signInPersona(mock, 'contract-admin');
    const user = userEvent.setup({ applyAccept: false });
    const { section, file } = await openSection(1);
    expect(
      await within(section).findByText(
        /ne peuvent pas être modifiés ici\. Adressez-vous à l'équipe du portail/,
      ),
    ).toBeInTheDocument();
    // said in a user's words: no server, no call
    expect(section).not.toHaveTextContent(/\bserveur\b|\bappel\b/);

    await user.upload(file, new File(['logo'], 'logo.txt', { type: 'text/plain' }));
    expect(within(section).getByRole('alert')).toHaveTextContent("« logo.txt » n'est pas une image acceptée");
    expect(file).toHaveAttribute('aria-invalid', 'true');
    await user.upload(file, new File([new Uint8Array(70 * 1024)], 'big.png', { type: 'image/png' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('« big.png » dépasse 64 Ko');

    await user.upload(file, new File([PNG], 'favicon.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(within(section).getByRole('img', { name: 'Aperçu du favicon' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      ),
    );
    expect(within(section).queryByRole('alert')).toBeNull();
    // nothing was sent
    expect(await journal(mock, { path: '/api/contract/1/siteConfiguration', method: 'PUT' })).toEqual([]);
  });

  it("puts a 400 on its field in French, then saves and re-themes the user's tab at once", async () => {
    await signInPersona(mock, 'contract-admin');
    const user = userEvent.setup();
    const { section, title, file } = await openSection(1);
    const saved = await siteOf(1);
    await waitFor(() => expect(document.title).toBe(saved?.documentTitle));

    await user.clear(title);
    await user.type(title, 'Eau de Dijon — agents');
    await user.upload(file, new File([PNG], 'favicon.png', { type: 'image/png' }));
    await within(section).findByRole('img', { name: 'Aperçu du favicon' });
    await controlOf(mock).stubs.add({
      method: 'PUT',
      path: '/api/contract/1/siteConfiguration',
      status: 400,
      times: 1,
      body: {
        message: 'Validation failed',
        errors: [{ path: 'faviconOnglet', message: 'image too wide' }],
      },
    });
    await user.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(section).findByText(
        "Refusé par le serveur : Les informations envoyées n'ont pas été acceptées. Vérifiez les champs puis réessayez.",
      ),
    ).toBeInTheDocument();
    // said on the field, not a second time under the form; the input stays
    expect(within(section).queryByText(/L'enregistrement a échoué/)).toBeNull();
    expect(title).toHaveValue('Eau de Dijon — agents');
    expect(document.title).toBe(saved?.documentTitle);

    await user.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.title).toBe('Eau de Dijon — agents'));
    expect(favicon()).toMatch(/^data:image\/png;base64,/);
    expect(within(section).queryByText(/Refusé par le serveur/)).toBeNull();
    expect(await siteOf(1)).toMatchObject({ documentTitle: 'Eau de Dijon — agents' });

    // removing the favicon gives the tab the portal's again
    await user.click(within(section).getByRole('button', { name: 'Retirer le favicon' }));
    expect(within(section).getByText("Aucun favicon : celui du portail s'affiche.")).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(favicon()).toBe('/favicon.svg'));
    expect((await siteOf(1))?.faviconOnglet).toBeNull();
  });

  it("another contract's appearance, saved by the portal super admin, leaves the admin's own tab alone", async () => {
    await signInPersona(mock, 'portal-admin', 1);
    const user = userEvent.setup();
    const own = await siteOf(1);
    const other = await siteOf(2);
    const { section, title } = await openSection(2);
    await waitFor(() => expect(document.title).toBe(own?.documentTitle));
    expect(title).toHaveValue(other?.documentTitle);
    await user.clear(title);
    await user.type(title, 'Grand Lyon — agents');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () => expect((await siteOf(2))?.documentTitle).toBe('Grand Lyon — agents'));
    expect(document.title).toBe(own?.documentTitle);
    expect((await siteOf(1))?.documentTitle).toBe(own?.documentTitle);
  });
});
