// Page object of the input-kept sweep: it finds the text fields of a screen itself (its tabs one
// after the other, and the dialogs its buttons say they open), types into each, and checks that
// Back, a menu entry and a reload ask first and that staying keeps the text.
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { UnsavedInput } from './unsaved-input.ts';

/** One field typed into: where, its name, and what was checked. */
export interface FieldTried {
  /** the screen's tab or dialog holding it ('' for the page itself) */
  place: string;
  name: string;
  /** the moves that asked first (Back, menu, reload) */
  asked: string[];
}

/** A field the sweep leaves alone on purpose, with the reason. */
export interface NotAsking {
  /** the route pattern */
  route: string;
  /** the field's name (its label); every field of the route without it */
  field?: RegExp;
  reason: string;
}

const TYPED = 'Saisie à ne pas perdre';
/** Input types nothing is typed into: a search box beside only these is alone in its form. */
const NOT_TYPED = [
  'search',
  'checkbox',
  'radio',
  'hidden',
  'submit',
  'button',
  'reset',
  'image',
  'file',
  'range',
];

/** What is typed into a field of each input type that is not free text. */
const SAMPLES: Record<string, string> = {
  email: 'saisie@exemple.fr',
  tel: '0380000000',
  url: 'https://exemple.fr/saisie',
  number: '42',
  date: '2027-03-15',
  time: '08:30',
  'datetime-local': '2027-03-15T08:30',
  month: '2027-03',
  week: '2027-W11',
  color: '#1e90ff',
};

/**
 * The values to type into a field, best first, by its input type, within its maximum length; a
 * date or a time also its bounds (the first one the field takes is kept).
 */
function samplesFor(field: { type: string; maxLength: number; min: string; max: string }): string[] {
  const text = SAMPLES[field.type] ?? TYPED;
  const first = field.maxLength > 0 ? text.slice(0, field.maxLength) : text;
  // a date in the past, for a field that keeps its dates up to today
  const past = field.type === 'date' ? '2025-06-15' : '';
  return [first, past, field.min, field.max].filter(Boolean);
}

export class InputSweep {
  readonly guard: UnsavedInput;

  /** The page's requests still waiting for their answer (reads, lazily loaded screens). */
  private readonly pending = new Set<Request>();
  /** When a request of the page last started or ended. */
  private lastActivity = Date.now();

  constructor(readonly page: Page) {
    this.guard = new UnsavedInput(page);
    page.on('request', (request) => {
      this.pending.add(request);
      this.lastActivity = Date.now();
    });
    const done = (request: Request) => {
      this.pending.delete(request);
      this.lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /**
   * The network of the page is idle as Playwright's 'networkidle' means it (no request for
   * 500 ms), for a screen opened inside the portal, where no load event comes: an answer drawn
   * may start the next read or load a lazy part, so the first moment without a request is not
   * enough.
   */
  private async networkIdle(what: string): Promise<void> {
    await expect
      .poll(() => this.pending.size === 0 && Date.now() - this.lastActivity >= 500, {
        message: `the requests of the ${what} end`,
      })
      .toBe(true);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get sideMenu(): Locator {
    return this.page.getByRole('navigation', { name: 'Menu principal' });
  }

  /**
   * A menu entry other than the page shown (aria-current has no role query of its own, so the
   * current entry is left out by its attribute).
   */
  get otherMenuEntry(): Locator {
    return this.sideMenu.locator('a:not([aria-current="page"])').filter({ visible: true }).first();
  }

  /** The header's button that opens the side menu on a small screen (the drawer). */
  get menuToggle(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /Déplier le menu|Replier le menu/ });
  }

  /**
   * Opens a path inside the portal as its own links do (a new entry of the router's history, no
   * page load), so that Back stays in the portal and the portal's question can show. The router
   * keeps its position in `history.state.idx`: the new entry carries the next one.
   */
  async openInPortal(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      const state = (window.history.state ?? {}) as { idx?: number };
      const idx = (state.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: `sweep${idx}`, idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    await expect(this.page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
    await this.settled();
  }

  /**
   * The screen is drawn: its heading shows, no request waits for its answer (its data and its
   * lazily loaded parts have come) and nothing says it is loading.
   */
  async settled(): Promise<void> {
    await expect(this.main.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await this.networkIdle('screen');
    await expect(this.page.getByRole('progressbar')).toHaveCount(0);
    await expect(this.main.getByRole('status').filter({ hasText: /Chargement/ })).toHaveCount(0);
  }

  /**
   * The fields a person can type into now, inside `scope`: text, numbers, dates, and the search
   * boxes of a filter form holding other fields (a search box alone in its form need not ask).
   */
  private async fieldsOf(scope: Locator): Promise<Locator[]> {
    const all = scope.getByRole('textbox').or(scope.getByRole('spinbutton')).or(scope.getByRole('searchbox'));
    const found: Locator[] = [];
    const count = await all.count();
    for (let i = 0; i < count; i += 1) {
      const field = all.nth(i);
      if (!(await field.isVisible()) || !(await field.isEditable())) continue;
      const loneSearch = await field.evaluate((el: HTMLInputElement, notTyped) => {
        const box = el.closest('form, [role="search"]');
        if (el.type !== 'search' && box?.getAttribute('role') !== 'search') return false;
        const others = box
          ? [...box.querySelectorAll<HTMLInputElement>('input, textarea')].filter(
              (other) => other !== el && !notTyped.includes(other.type),
            )
          : [];
        return others.length === 0;
      }, NOT_TYPED);
      if (!loneSearch) found.push(field);
    }
    return found;
  }

  /** A field's name as a person reads it: its label, else its aria-label, else its placeholder. */
  private static async nameOf(field: Locator): Promise<string> {
    return field.evaluate((el: HTMLInputElement | HTMLTextAreaElement) =>
      (
        el.labels?.[0]?.textContent ??
        el.getAttribute('aria-label') ??
        el.getAttribute('placeholder') ??
        el.name
      ).trim(),
    );
  }

  /**
   * Types into every field of `scope`, one at a time: Back asks and staying keeps the text; a menu
   * entry asks likewise (not from a dialog, which covers the menu); a reload gets the browser's
   * question. The field then gets its first value back, so that the next one is tried alone.
   */
  async tryFields(
    scope: Locator,
    place: string,
    options: { inDialog: boolean; skip: (name: string) => boolean },
  ): Promise<FieldTried[]> {
    const tried: FieldTried[] = [];
    for (const field of await this.fieldsOf(scope)) {
      const name = await InputSweep.nameOf(field);
      if (options.skip(name)) continue;
      const shape = await field.evaluate((el: HTMLInputElement | HTMLTextAreaElement) => ({
        type: el instanceof HTMLInputElement ? el.type : 'textarea',
        maxLength: el.maxLength,
        min: el instanceof HTMLInputElement ? el.min : '',
        max: el instanceof HTMLInputElement ? el.max : '',
        before: el.value,
      }));
      const { before } = shape;
      let typed = before;
      for (const sample of samplesFor(shape)) {
        if (sample === before) continue;
        await field.fill(sample);
        // a field drawn from the address (a filter) shows its value once the address has it
        const took = await expect(field)
          .toHaveValue(sample, { timeout: 3_000 })
          .then(
            () => true,
            () => false,
          );
        if (took) {
          typed = sample;
          break;
        }
      }
      const label = `${place ? `${place} › ` : ''}${name}`;
      expect.soft(typed, `${label}: the field takes what is typed`).not.toBe(before);
      if (typed === before) continue;
      const asked: string[] = [];
      try {
        await this.checkMoves(field, typed, label, options.inDialog, asked);
      } catch (error) {
        throw new Error(`${label}: ${(error as Error).message}`, { cause: error });
      }
      await field.fill(before);
      tried.push({ place, name, asked });
    }
    return tried;
  }

  /** Back, a menu entry (not from a dialog) and a reload each ask; staying keeps the text. */
  private async checkMoves(
    field: Locator,
    typed: string,
    label: string,
    inDialog: boolean,
    asked: string[],
  ): Promise<void> {
    await test.step(`${label}: Back asks, staying keeps the text`, async () => {
      await this.guard.backAsksThenStay();
      await expect(field).toHaveValue(typed);
      asked.push('Back');
    });
    if (!inDialog) {
      await test.step(`${label}: a menu entry asks, staying keeps the text`, async () => {
        const before = this.page.url();
        if (!(await this.otherMenuEntry.isVisible())) await this.menuToggle.click();
        await this.otherMenuEntry.click();
        await expect(this.guard.question.root).toBeVisible();
        await this.guard.question.stay();
        await this.guard.question.expectHidden();
        expect(this.page.url()).toBe(before);
        await expect(field).toHaveValue(typed);
        asked.push('menu');
      });
    }
    await test.step(`${label}: a reload asks, staying keeps the text`, async () => {
      await this.guard.reloadAsksThenStay();
      await expect(field).toHaveValue(typed);
      asked.push('reload');
    });
  }

  /** The tabs of the screen (none: the screen is one panel). */
  get tabs(): Locator {
    return this.main.getByRole('tab');
  }

  /**
   * The buttons of `scope` that say they open a dialog (aria-haspopup has no role query of its
   * own), a list's rows counted once: the first row's buttons stand for every row's.
   */
  async dialogOpeners(scope: Locator): Promise<Locator[]> {
    const buttons = scope.locator('[aria-haspopup="dialog"]');
    const keep = await buttons.evaluateAll((els) =>
      els.map((el) => {
        const row = el.closest('tbody tr');
        return row === null || row === row.parentElement?.firstElementChild;
      }),
    );
    const found: Locator[] = [];
    for (const [i, kept] of keep.entries()) {
      const button = buttons.nth(i);
      if (kept && (await button.isVisible()) && (await button.isEnabled())) found.push(button);
    }
    return found;
  }

  /** Opens a dialog by its button; answers the dialog and its name. */
  async openDialog(opener: Locator): Promise<{ dialog: Locator; name: string }> {
    await opener.click();
    const dialog = this.page.getByRole('dialog').last();
    await expect(dialog).toBeVisible();
    // a wizard loads its first step's data: its fields show once nothing is loading
    await this.networkIdle('dialog');
    await expect(dialog.getByRole('status').filter({ hasText: /Chargement/ })).toHaveCount(0);
    const name = (await dialog.getByRole('heading').first().textContent())?.trim() ?? 'dialog';
    return { dialog, name };
  }

  /** Closes a dialog with Escape (leaving when it asks, its fields being as they were). */
  async closeDialog(dialog: Locator): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(async () => {
      if (await this.guard.question.root.isVisible()) await this.guard.question.leave();
      await expect(dialog).toBeHidden({ timeout: 1_000 });
    }).toPass();
  }
}
