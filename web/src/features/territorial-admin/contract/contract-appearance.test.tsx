/**
 * A contract's appearance against the real mock server: the favicon file is
 * checked and previewed before any call, a 400 lands on its field in French, and a save re-themes
 * the tab at once, for the contract the user is signed in to only.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** The Save button of the title and favicon form (the colours and logos have their own). */
const saveButton = (section: HTMLElement) =>
  within(within(section).getByRole('form', { name: 'Apparence du portail' })).getByRole('button', {
    name: 'Enregistrer',
  });

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
    const form = within(section).getByRole('form', { name: 'Apparence du portail' });
    expect(within(section).getByLabelText(/Titre de la page/)).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(within(form).getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByLabelText(/Titre de la page/)).toBeEnabled());
    expect(within(section).getByLabelText(/Titre de la page/)).not.toHaveValue('');
    expect(within(section).getByRole('form', { name: 'Apparence du portail' })).not.toHaveAttribute(
      'aria-busy',
    );
    expect(saveButton(section)).toBeEnabled();
  });

  it('refuses a file that is no accepted image or too large before any call, and previews one that is', async () => {
    await signInPersona(mock, 'contract-admin');
    const user = userEvent.setup({ applyAccept: false });
    const { section, file } = await openSection(1);
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
    await user.click(saveButton(section));
    expect(
      await within(section).findByText(
        "Refusé par le serveur : Les informations envoyées n'ont pas été acceptées. Vérifiez les champs puis réessayez.",
      ),
    ).toBeInTheDocument();
    // said on the field, not a second time under the form; the input stays
    expect(within(section).queryByText(/L'enregistrement a échoué/)).toBeNull();
    expect(title).toHaveValue('Eau de Dijon — agents');
    expect(document.title).toBe(saved?.documentTitle);

    await user.click(saveButton(section));
    await waitFor(() => expect(document.title).toBe('Eau de Dijon — agents'));
    expect(favicon()).toMatch(/^data:image\/png;base64,/);
    expect(within(section).queryByText(/Refusé par le serveur/)).toBeNull();
    expect(await siteOf(1)).toMatchObject({ documentTitle: 'Eau de Dijon — agents' });

    // removing the favicon gives the tab the portal's again
    await user.click(within(section).getByRole('button', { name: 'Retirer le favicon' }));
    expect(within(section).getByText("Aucun favicon : celui du portail s'affiche.")).toBeInTheDocument();
    await user.click(saveButton(section));
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
    await user.click(saveButton(section));
    await waitFor(async () => expect((await siteOf(2))?.documentTitle).toBe('Grand Lyon — agents'));
    expect(document.title).toBe(own?.documentTitle);
    expect((await siteOf(1))?.documentTitle).toBe(own?.documentTitle);
  });

  describe('colours, logos and tools', () => {
    interface ContractRow {
      id: number;
      metadatas: Record<string, string | null>;
    }
    const contractRow = async (id: number) =>
      ((await mockState(mock)).contracts as ContractRow[]).find((c) => c.id === id);

    async function openBranding() {
      const { section } = await openSection(1);
      const form = await within(section).findByRole(
        'form',
        { name: 'Couleurs, logos et outils' },
        {
          timeout: 10_000,
        },
      );
      return { section, form };
    }

    it('edits the colours, a logo and the tool addresses, previews them, and applies the theme at once', async () => {
      await signInPersona(mock, 'contract-admin');
      const user = userEvent.setup();
      const { form } = await openBranding();
      const primary = within(form).getByLabelText('Couleur principale');
      fireEvent.input(primary, { target: { value: '#224466' } });
      expect(within(form).getByTestId('branding-preview-primary').style.backgroundColor).toMatch(
        /#224466|rgb\(34, 68, 102\)/,
      );
      await user.upload(
        within(form).getByLabelText('Logo principal'),
        new File([PNG], 'logo.png', { type: 'image/png' }),
      );
      await waitFor(() =>
        expect(within(form).getByRole('img', { name: 'Aperçu : Logo principal' })).toHaveAttribute(
          'src',
          expect.stringMatching(/^data:image\/png;base64,/),
        ),
      );
      const thingsBoard = within(form).getByLabelText('Adresse du portail Things Board');
      await user.clear(thingsBoard);
      await user.type(thingsBoard, 'https://things.example.org/');
      const openApi = within(form).getByLabelText('Adresse du site Open API');
      await user.clear(openApi);
      await user.type(openApi, 'javascript:alert(1)');
      await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
      expect(
        await within(form).findByText('Saisissez une adresse commençant par http:// ou https://.'),
      ).toBeInTheDocument();
      expect(await journal(mock, { path: '/api/contract/1/metadata' })).toEqual([]);
      await user.clear(openApi);
      await user.type(openApi, 'https://api.example.org/docs');
      await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

      // applied at once to the signed-in user's tab (contract 1 is the current one)
      await waitFor(() =>
        expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('#224466'),
      );
      const row = await contractRow(1);
      expect(row?.metadatas).toMatchObject({
        primaryColor: '#224466',
        thingsBoardUrl: 'https://things.example.org/',
        openApiUrl: 'https://api.example.org/docs',
      });
      expect(row?.metadatas.primaryLogo).toMatch(/^data:image\/png;base64,/);
      // only what changed was sent: the secondary colour and logo stay as they were
      const [put] = await journal(mock, { path: '/api/contract/1/metadata', method: 'PUT' });
      expect(put?.status).toBe(200);
      expect(row?.metadatas.secondaryLogo).toMatch(/-secondary\.svg$/);
    });

    it('refuses a logo that is no accepted image before any call', async () => {
      await signInPersona(mock, 'contract-admin');
      const user = userEvent.setup({ applyAccept: false });
      const { form } = await openBranding();
      const logo = within(form).getByLabelText('Logo secondaire');
      await user.upload(logo, new File(['x'], 'logo.txt', { type: 'text/plain' }));
      expect(within(form).getByRole('alert')).toHaveTextContent("« logo.txt » n'est pas une image acceptée");
      await user.upload(logo, new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' }));
      expect(within(form).getByRole('alert')).toHaveTextContent('« big.png » dépasse 256 Ko');
      expect(await journal(mock, { path: '/api/contract/1/metadata' })).toEqual([]);
    });
  });
});
