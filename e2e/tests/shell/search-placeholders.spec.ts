// A list's search box shows its whole placeholder ('Rechercher un signalement') at every width of
// screen, from a phone to a wide desktop, in French and in English: a placeholder cut by the box
// reads as another sentence.
import type { Page } from '@playwright/test';
import { test, expect, PagedList } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 180_000 });

const WIDTHS = [390, 576, 768, 820, 992, 1024, 1280, 1440];
const LISTS = [
  { path: '/signalement', fr: 'Rechercher un signalement', en: 'Search signals' },
  { path: '/demande', fr: 'Rechercher une demande', en: 'Search requests' },
  { path: '/travaux', fr: 'Rechercher des travaux', en: 'Search public works' },
];

/** The placeholder's drawn width and the room the box gives it, in CSS pixels. */
async function placeholderRoom(page: Page): Promise<{ text: string; needed: number; room: number }> {
  return new PagedList(page).searchBox.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return {
      text: input.placeholder,
      needed: context.measureText(input.placeholder).width,
      room: input.clientWidth - padding,
    };
  });
}

for (const list of LISTS) {
  test(`the search box of ${list.path} shows its whole placeholder at every width`, async ({
    page,
    signInAs,
  }) => {
    await signInAs('dashboard-all', list.path);
    for (const language of ['fr', 'en'] as const) {
      if (language === 'en') {
        await page.evaluate(() => window.localStorage.setItem('language', 'en'));
        await page.reload();
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect(new PagedList(page).searchBox).toHaveAttribute('placeholder', list[language]);
        const { text, needed, room } = await placeholderRoom(page);
        expect(
          needed,
          `'${text}' at ${width} px: ${Math.round(needed)} px in ${Math.round(room)} px`,
        ).toBeLessThanOrEqual(room);
      }
    }
  });
}
