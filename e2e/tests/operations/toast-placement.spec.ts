// Toasts after a failed save and its retry: the success replaces the failure it resolves (never
// both at once), and a toast never covers what it talks about: the form's error box, its submit
// button (on a phone at the top under the header, wider at the bottom
// left).
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../../fixtures/index.ts';
import { Toasts } from '../../pages/toasts.ts';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Which of the targets (what the toast talks about) the toast covers. */
async function covered(toast: Locator, targets: Record<string, Locator>): Promise<string[]> {
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast is not shown');
  const out: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    const other = await target.boundingBox();
    if (other && overlap(box, other)) out.push(name);
  }
  return out;
}

async function fillSignal(page: Page) {
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('Toast placé rue Monge');
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue Monge, 21000 Dijon');
  await page.getByLabel('Latitude').fill('47.318');
  await page.getByLabel('Longitude').fill('5.035');
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`at ${width} px a failed save's toast covers neither its error box nor the form, and the retry's success replaces it`, async ({
    page,
    signInAs,
    mock,
  }) => {
    const toasts = new Toasts(page);
    await page.setViewportSize({ width, height });
    await signInAs('signal-agent', '/signalement/signaler');
    await fillSignal(page);
    await mock.faults.add({ method: 'POST', path: '/api/signal', status: 500, times: 1 });
    const submit = page.getByRole('button', { name: 'Envoyer le signalement' });
    await submit.click();
    await expect(toasts.failures).toHaveText("L'enregistrement a échoué.");
    const errorBox = page.getByRole('main').getByRole('alert');
    await expect(errorBox.first()).toBeVisible();
    // where the user is: at the submit button, and at the error box
    const targets = { 'error box': errorBox.first(), 'submit button': submit };
    await submit.scrollIntoViewIfNeeded();
    expect(await covered(toasts.failures, targets)).toEqual([]);
    await errorBox.first().scrollIntoViewIfNeeded();
    expect(await covered(toasts.failures, targets)).toEqual([]);

    await submit.click();
    await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
    await expect(toasts.successes).toHaveText('Les modifications ont bien été enregistrées.');
    await expect(toasts.failures).toHaveCount(0);
  });
}
