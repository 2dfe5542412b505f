/**
 * What the page holds that is not saved, for the question asked before leaving it
 * (`components/ui/use-unsaved-changes.tsx`): the forms that say so themselves (react-hook-form's
 * dirty state, registered with what they guard against), and every text field a person typed
 * into, found in the document itself, so that a field no form registers is guarded all the same.
 *
 * A typed field holds unsaved text while it is in the document and its value differs from the
 * value it had when the person first focused it. A save makes its text the new starting value:
 * `markSaved` (called for the fields of the form, dialog or section a successful mutation was
 * started from, and for all of them by a form's `release()` before the navigation after its save).
 *
 * Not watched: a file input (a file is sent as it is picked), a search box alone in its form
 * (`type="search"`, or in `role="search"`: what it holds is a search, sent as it is typed, nothing
 * to lose; one among other fields of a filter form is watched), and the fields inside
 * `[data-unsaved="own"]`, a form that keeps its text itself (a request draft saves as it is typed).
 */

/** What a form guards against: leaving the page (another path) or any move in the history. */
export type Guard = 'page' | 'history';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** The input types a person fills in (a date, a time and a colour too; a file is sent by itself). */
const TEXT_INPUTS = new Set([
  'text',
  'email',
  'tel',
  'url',
  'number',
  'password',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'color',
]);

/** The forms holding changes not saved, with what each guards against. */
const unsavedForms = new Map<symbol, Guard>();
/** The typed fields, each with its value before the person typed. */
const startValues = new WeakMap<TextField, string>();
const typed = new Set<TextField>();
/** Set once the person has agreed to leave with a full page load (a contract switch): nothing asks again. */
let leaving = false;

/**
 * A search box alone in its form: what it holds is a search, sent as it is typed, nothing to
 * lose. One in a filter form with other fields (dates, an address among statuses) is watched.
 */
function loneSearch(field: HTMLInputElement): boolean {
  const box = field.closest('form, [role="search"]');
  if (field.type !== 'search' && box?.getAttribute('role') !== 'search') return false;
  if (!box) return true;
  const others = [...box.querySelectorAll<HTMLInputElement>('input, textarea')].filter(
    (other) => other !== field && (other instanceof HTMLTextAreaElement || TEXT_INPUTS.has(other.type)),
  );
  return others.length === 0;
}

function watched(target: EventTarget | null): target is TextField {
  const field =
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && (TEXT_INPUTS.has(target.type) || target.type === 'search'));
  if (!field || target.readOnly || target.disabled) return false;
  if (target instanceof HTMLInputElement && loneSearch(target)) return false;
  return target.closest('[data-unsaved="own"]') === null;
}

/**
 * Starts watching the document's text fields (once for the signed-in shell); returns the stop.
 * The value a field had when first focused is its starting value; an input event marks it typed.
 */
export function watchTypedInput(root: Document = document): () => void {
  const onFocus = (event: Event) => {
    const field = event.target;
    if (watched(field) && !startValues.has(field)) startValues.set(field, field.value);
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (!watched(field)) return;
    // a value set without a focus first (a paste by a tool): the field's markup value was its start
    if (!startValues.has(field)) startValues.set(field, field.defaultValue);
    typed.add(field);
  };
  root.addEventListener('focusin', onFocus, true);
  root.addEventListener('input', onInput, true);
  return () => {
    root.removeEventListener('focusin', onFocus, true);
    root.removeEventListener('input', onInput, true);
  };
}

/** The typed fields still on the page whose text is not saved. */
export function unsavedFields(): TextField[] {
  for (const field of typed) if (!field.isConnected) typed.delete(field);
  return [...typed].filter((field) => field.value !== startValues.get(field));
}

/** The typed text of the fields inside `within` (all of them without it) counts as saved. */
export function markSaved(within?: Element | null): void {
  for (const field of typed) {
    if (!within || within.contains(field)) startValues.set(field, field.value);
  }
}

/** The container a save started from holds the fields it saves: its form, dialog or section. */
export function savedContainer(from: Element | null): Element | null {
  return from?.closest('form, [role="dialog"], section, [role="tabpanel"]') ?? null;
}

/** A form says it holds (or no longer holds) changes not saved. */
export function setFormUnsaved(form: symbol, guard: Guard | null): void {
  if (guard) unsavedForms.set(form, guard);
  else unsavedForms.delete(form);
}

/** Whether anything on the page would be lost by leaving it. */
export function holdsUnsaved(): boolean {
  return unsavedForms.size > 0 || unsavedFields().length > 0;
}

/**
 * Whether a move in the portal from one address to the next drops something not saved:
 * - another path: anything not saved;
 * - the same path with another search or fragment: a form guarding the history, or typed text in
 *   a dialog (the move closes it); typed text elsewhere on the page when the move selects another
 *   tab (the fragment) or goes through the history (Back, Forward), but not when it replaces the
 *   address (a search being typed, a filter) and so keeps the page as it is.
 */
export function dropsUnsaved(
  current: { pathname: string; search: string; hash: string },
  next: { pathname: string; search: string; hash: string },
  action: 'POP' | 'PUSH' | 'REPLACE',
): boolean {
  if (leaving) return false;
  if (current.pathname !== next.pathname) return holdsUnsaved();
  const moved = current.search !== next.search || current.hash !== next.hash;
  if (!moved) return false;
  if ([...unsavedForms.values()].includes('history')) return true;
  const fields = unsavedFields();
  // a dialog's role, not its class: a class named in a string brings the dialog's styles into
  // every page's style sheet (web/tools/bootstrap-parts.ts), and React Bootstrap's dialogs carry it
  if (fields.some((field) => field.closest('[role="dialog"]'))) return true;
  if (action === 'REPLACE' || fields.length === 0) return false;
  return current.hash !== next.hash || action === 'POP';
}

/** Whether a reload or a closed tab should have the browser ask first (the typed fields). */
export function unloadDropsTypedText(): boolean {
  return !leaving && unsavedFields().length > 0;
}

/** Whether the person has agreed to leave the page with a full load (nothing asks again). */
export function isLeaving(): boolean {
  return leaving;
}

let askToLeave: (() => Promise<boolean>) | null = null;

/** The shell gives the question asked before a move that is not a navigation of the router. */
export function setLeaveQuestion(ask: (() => Promise<boolean>) | null): void {
  askToLeave = ask;
}

/**
 * Before a move that reloads the portal (a contract switch): asks when something is not saved,
 * and answers whether to go on.
 */
export async function confirmLeaving(): Promise<boolean> {
  return !holdsUnsaved() || !askToLeave || askToLeave();
}

/** The page is being left with a full load the person agreed to: nothing asks again on the way out. */
export function leavePage(): void {
  leaving = true;
}
