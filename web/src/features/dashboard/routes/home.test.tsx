import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { runtimeConfig, setRuntimeConfig } from '@/config/runtime-config';
import { asPersona, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';

// whether the grid's module (the grid, its widgets and their charts) was asked for
const grid = vi.hoisted(() => ({ imported: vi.fn() }));
vi.mock('../components/dashboard-grid', async (importOriginal) => {
  grid.imported();
  return importOriginal();
});

const mock = withMockBackend();
// the documents widget asks the document service, which the mock server also plays
beforeAll(() => setRuntimeConfig({ ...runtimeConfig(), documentServiceUrl: `${mock.url}/documents` }));

const api = <T,>(path: string): Promise<T> => asPersona<T>(mock, 'dashboard-all', path);

describe('/ (home dashboard)', { timeout: 60_000 }, () => {
  it('an administrator whose roles grant no widget: the page says so, without loading the grid', async () => {
    // first in this file: the module, once imported, stays in its registry
    await signInPersona(mock, 'contract-admin');
    await openScreen('/');
    expect(
      await screen.findByText(/^Aucun widget à afficher/, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Signalements' })).toBeNull();
    expect(grid.imported).not.toHaveBeenCalled();
  });

  it("draws the widgets' charts next to their figures, each an image named by what it shows", async () => {
    await signInPersona(mock, 'dashboard-all');
    const top = await api<{ label: string; count: number }[]>(
      '/api/widget/signal/top-category?contract=1&length=5',
    );
    await openScreen('/');

    // counts per status: one image whose name gives every figure
    const signals = await screen.findByRole('region', { name: 'Signalements' }, { timeout: 15_000 });
    const statusChart = await within(signals).findByRole('img', { name: /^Nouveaux : \d+, En cours : \d+/ });
    expect(statusChart.querySelectorAll('.chart-bar').length).toBeGreaterThan(1);

    // the top categories lie along rows, their figures as the name and the tooltips
    const categories = screen.getByRole('region', { name: 'Catégories les plus signalées' });
    const summary = top.map((c) => `${c.label} : ${c.count}`).join(', ');
    const categoryChart = await within(categories).findByRole('img', { name: summary });
    expect(categoryChart.querySelectorAll('.chart-bar')).toHaveLength(top.length);

    // the water cycle: four series and their legend
    const water = screen.getByRole('region', { name: "Cycle de l'eau" });
    const volumes = await within(water).findByRole('img', {
      name: /^Volumes produits, stockés, traités et rejetés sur \d+ mois$/,
    });
    expect(volumes.querySelectorAll('.chart-line-path')).toHaveLength(4);
    expect([...volumes.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual([
      'Produit',
      'Stocké',
      'Traité',
      'Rejeté',
    ]);

    // hydrometry: one line per site
    const hydro = screen.getByRole('region', { name: 'Hydrométrie' });
    const levels = await within(hydro).findAllByRole('img', {
      name: /^Hauteur d'eau de .+ sur les \d+ dernières mesures$/,
    });
    expect(levels.length).toBeGreaterThan(0);
    for (const chart of levels) expect(chart.querySelectorAll('.chart-line-path')).toHaveLength(1);
    expect(grid.imported).toHaveBeenCalled();
  });
});
