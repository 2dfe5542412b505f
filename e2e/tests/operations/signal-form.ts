// The signal form (/signalement/signaler) filled as a user does: category, description, address
// and coordinates, without sending it.
import type { Page } from '@playwright/test';
import { expect } from '../../fixtures/index.ts';

export async function fillSignal(page: Page, description: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue Monge, 21000 Dijon');
  await page.getByLabel('Latitude').fill('47.318');
  await page.getByLabel('Longitude').fill('5.035');
}
