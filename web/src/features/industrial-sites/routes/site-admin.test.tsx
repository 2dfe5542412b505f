import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockState, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';

const mock = withMockBackend();

interface SiteRow {
  id: number;
  contractId: number;
  name: string;
  typeCode: string;
  geoJson: unknown;
  organizationIds: number[];
}
const sites = async () => (await mockState(mock)).industrialSites as SiteRow[];

const ZONE = {
  type: 'Polygon',
  coordinates: [
    [
      [5.03, 47.3],
      [5.06, 47.3],
      [5.06, 47.32],
      [5.03, 47.3],
    ],
  ],
};

describe('industrial-site administration', { timeout: 60_000 }, () => {
  it('creates a site with an imported GeoJSON zone and an organization, then opens its edit screen', async () => {
    await signInPersona(mock, 'contract-admin');
    const { router } = await openScreen('/gestion-territoriale/site-industriel/creation');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('Nom'), 'Station de Chenôve');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'WWTP');
    const importer = screen.getByLabelText('Importer un fichier GeoJSON');
    await userEvent.upload(importer, new File(['not json'], 'zone.json', { type: 'application/json' }));
    expect(await screen.findByText("Le fichier n'est pas un JSON valide.")).toBeInTheDocument();
    await userEvent.upload(
      importer,
      new File([JSON.stringify(ZONE)], 'zone.geojson', { type: 'application/geo+json' }),
    );
    expect(await screen.findByText('Zone définie : un polygone de 4 points.')).toBeInTheDocument();
    await userEvent.click(await screen.findByLabelText('Ville de Dijon'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/gestion-territoriale\/site-industriel\/\d+$/),
      { timeout: 10_000 },
    );
    const created = (await sites()).find((s) => s.name === 'Station de Chenôve');
    expect(created).toMatchObject({ typeCode: 'WWTP', geoJson: ZONE });
    expect(created?.organizationIds).toHaveLength(1);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Site industriel : Station de Chenôve' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not an allowed image type, and shows a preview before uploading an image', async () => {
    await signInPersona(mock, 'contract-admin');
    const site = (await sites())[0]!;
    await openScreen(`/gestion-territoriale/site-industriel/${site.id}`);
    const photos = await screen.findByRole('region', { name: 'Photos' }, { timeout: 10_000 });
    const input = within(photos).getByLabelText('Choisir une photo');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await within(photos).findByRole('alert')).toHaveTextContent(
      "« notes.txt » n'est pas une image acceptée",
    );
    expect(within(photos).queryByRole('button', { name: 'Envoyer la photo' })).toBeNull();
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'facade.png', { type: 'image/png' }),
    );
    expect(await within(photos).findByRole('img', { name: 'Aperçu de facade.png' })).toBeInTheDocument();
    expect(within(photos).getByRole('button', { name: 'Envoyer la photo' })).toBeEnabled();
  });

  it("creates the site on the contract of the details it was opened from, not on the current contract, and Back returns to that contract's sites tab", async () => {
    // current contract: 1 (Dijon Métropole); the details opened: contract 2 (Grand Lyon Eau)
    await signInPersona(mock, 'portal-admin', 1);
    const { router } = await openScreen('/admin/contrat/2#sites-industriels');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ajouter un site industriel' }, { timeout: 10_000 }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/gestion-territoriale/site-industriel/creation'),
    );
    expect(router.state.location.search).toBe('?contrat=2');

    // the organization picker lists contract 2's organizations only (the creation screen loads on demand)
    const picker = await screen.findByRole('group', { name: 'Organisations' }, { timeout: 10_000 });
    expect(
      await within(picker).findByLabelText('Ville de Lyon', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(picker).queryByLabelText('Ville de Dijon')).toBeNull();

    // Back goes to contract 2's sites tab
    await userEvent.click(screen.getByRole('link', { name: /Retour/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contrat/2'));
    expect(router.state.location.hash).toBe('#sites-industriels');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Ajouter un site industriel' }, { timeout: 10_000 }),
    );
    await userEvent.type(await screen.findByLabelText('Nom'), 'Station de Pierre-Bénite');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'WWTP');
    await userEvent.click(await screen.findByLabelText('Ville de Lyon', {}, { timeout: 10_000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/gestion-territoriale\/site-industriel\/\d+$/),
      { timeout: 10_000 },
    );
    expect(router.state.location.search).toBe('?contrat=2');
    const created = (await sites()).find((s) => s.name === 'Station de Pierre-Bénite');
    expect(created?.contractId).toBe(2);
    const organizations = (await mockState(mock)).organizations as { id: number; label: string }[];
    expect(created?.organizationIds.map((id) => organizations.find((o) => o.id === id)?.label)).toEqual([
      'Ville de Lyon',
    ]);

    // the edit screen's Back also returns to contract 2's sites tab
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Site industriel : Station de Pierre-Bénite' },
      { timeout: 10_000 },
    );
    await userEvent.click(screen.getByRole('link', { name: /Retour/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contrat/2'));
    expect(router.state.location.hash).toBe('#sites-industriels');
  });
});
