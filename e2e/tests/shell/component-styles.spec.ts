// Bootstrap's component rules travel with the code that uses them: the entry's
// stylesheet keeps the common rules, and the forms, tables, tabs, dialogs and tooltips get theirs
// with the chunk that shows them. A component shown before its rules would look broken: each of
// them is checked here, on the production build, by the styles the browser computed.
import type { Locator } from '@playwright/test';
import { test, expect, Dialog, TerritorialAdminPage } from '../../fixtures/index.ts';

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test('a list tab has its search field, table, pagination and tabs styled; its dialog and toast too', async ({
  toasts,
  page,
  signInAs,
  list,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Exploitants'));
  await expect(list.rows.first()).toBeVisible();

  // forms: Bootstrap's bordered, rounded field (unstyled, an input has a 2px inset border)
  const search = list.searchField;
  expect(await style(search, 'border-top-width')).toBe('1px');
  expect(await style(search, 'border-top-left-radius')).toBe('6px');
  expect(await style(search, 'width')).not.toBe('0px');
  // tables: cells padded by .table
  expect(await style(list.cellsOf(list.rows.first()).first(), 'padding-top')).toBe('8px');
  // tabs: .nav is a flex row without bullets
  const tabs = page.getByRole('tablist').first();
  expect(await style(tabs, 'display')).toBe('flex');
  expect(await style(tabs, 'list-style-type')).toBe('none');

  // a dialog: .modal is fixed over the page
  const target = list.row('Voirie Bourgogne');
  await target.getByRole('button', { name: "Supprimer l'exploitant Voirie Bourgogne" }).click();
  const dialog = new Dialog(page);
  await expect(dialog.root).toBeVisible();
  expect(await style(dialog.layer, 'position')).toBe('fixed');
  expect(await style(dialog.content, 'border-top-left-radius')).toBe('8px');
  await dialog.button('Supprimer').click();
  await dialog.expectHidden();

  // the toast: the portal's own rules, on Bootstrap's success colour
  const toast = toasts.success;
  await expect(toast).toBeVisible();
  expect(await style(toast, 'background-color')).toBe('rgb(25, 135, 84)');
  // within the side menu's width (16rem, less its margins): it never covers the page
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(16 * 16);
  expect(await style(toast, 'border-top-left-radius')).toBe('6px');
});

test('the pagination of a long list is a styled row of links', async ({ signInAs, list }) => {
  await signInAs('signal-agent', '/signalement');
  const pagination = list.paginationList;
  await expect(pagination).toBeVisible();
  expect(await style(pagination, 'display')).toBe('flex');
  expect(await style(list.pageLinks.first(), 'border-top-width')).toBe('1px');
});
