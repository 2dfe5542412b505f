import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { asPersona, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';

const mock = withMockBackend();

const api = <T,>(path: string): Promise<T> => asPersona<T>(mock, 'site-user', path);

describe('/mon-site', { timeout: 60_000 }, () => {
  it("shows the user's site: one chart per indicator of the site, photos, metadata and contacts", async () => {
    await signInPersona(mock, 'site-user');
    const site = await api<{
      id: number;
      name: string;
      photos: { fileName: string }[];
      contacts: { firstName: string; lastName: string }[];
      metadata: { key: string; value: string }[];
    }>('/api/user/industrial-site?contractId=1');
    const sources = await api<{ typeCode: string; label: string }[]>('/api/indicator-source');
    await openScreen('/mon-site');
    expect(await screen.findByRole('heading', { level: 1, name: site.name })).toBeInTheDocument();
    const indicators = screen.getByRole('region', { name: 'Indicateurs' });
    await within(indicators).findAllByRole('checkbox', {}, { timeout: 15_000 });
    const charts = await within(indicators).findAllByRole('img', {}, { timeout: 15_000 });
    const values = await api<{ typeCode: string }[]>(
      `/api/industrial-site/${site.id}/indicator-value?aggregateType=DAY&startDate=2026-01-01&endDate=2026-01-01`,
    );
    const codes = [...new Set(values.map((v) => v.typeCode))];
    expect(charts).toHaveLength(codes.length);
    for (const code of codes) {
      const label = sources.find((s) => s.typeCode === code)!.label;
      expect(within(indicators).getByRole('img', { name: `Graphique : ${label}` })).toBeInTheDocument();
    }
    expect(within(indicators).getAllByText(/^31 valeurs du /)).toHaveLength(codes.length);

    const details = screen.getByRole('region', { name: 'Détails du site' });
    expect(
      await within(details).findByRole('img', {
        name: `Photo 1 sur ${site.photos.length} : ${site.photos[0]!.fileName}`,
      }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    const contacts = within(details).getByRole('table', { name: 'Contacts' });
    for (const c of site.contacts)
      expect(within(contacts).getByText(`${c.firstName} ${c.lastName}`)).toBeInTheDocument();
    for (const m of site.metadata) expect(within(details).getByText(m.key)).toBeInTheDocument();
  });

  it('narrows the chart to the chosen indicator and refuses an end before the start', async () => {
    await signInPersona(mock, 'site-user');
    const { router } = await openScreen('/mon-site#indicateurs');
    const indicators = await screen.findByRole('region', { name: 'Indicateurs' });
    await within(indicators).findAllByRole('img', {}, { timeout: 15_000 });
    // The charts may draw before the indicator sources arrive (titled by type code until then).
    await within(indicators).findAllByRole('checkbox', {}, { timeout: 15_000 });
    const charts = within(indicators).getAllByRole('img');
    const first = charts[0]!.getAttribute('aria-label')!.replace('Graphique : ', '');
    await userEvent.click(within(indicators).getByRole('checkbox', { name: first }));
    await waitFor(() => expect(within(indicators).getAllByRole('img')).toHaveLength(1));
    expect(router.state.location.hash).toBe('#indicateurs');
    expect(router.state.location.search).toContain('types=');

    await userEvent.selectOptions(within(indicators).getByLabelText('Agrégation'), 'WEEK');
    await waitFor(() => expect(router.state.location.search).toContain('aggregate=WEEK'));
    const to = within(indicators).getByLabelText('Au');
    fireEvent.change(to, { target: { value: '2020-01-01' } });
    await waitFor(() => expect(router.state.location.search).toContain('to=2020-01-01'));
    expect(await within(indicators).findByRole('alert')).toHaveTextContent(
      'La date de fin ne peut pas précéder la date de début.',
    );
    expect(within(indicators).queryAllByRole('img')).toHaveLength(0);
  });
});
