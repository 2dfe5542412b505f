/**
 * A press on the grid drawn before react-grid-layout has loaded: on a widget's header (its drag
 * handle, outside its links and buttons) or its resize corner. The press is followed until the
 * library is there, then handed to it: the same mouse press on the same place of the new grid,
 * and, when the button was already released, the last move and the release, so that the drag or
 * resize the user made is the one the grid makes.
 */

/** The drag handle and what does not start a drag in it, as the grid is configured. */
const DRAG_HANDLE = '.widget-drag-handle';
const DRAG_CANCEL = 'a, button, input';
const RESIZE_HANDLE = '.react-resizable-handle';
const ITEM = '[data-grid-item]';

export interface Press {
  /** the widget pressed */
  id: string;
  kind: 'drag' | 'resize';
  start: { clientX: number; clientY: number; screenX: number; screenY: number };
  last: { clientX: number; clientY: number; screenX: number; screenY: number };
  released: boolean;
  /** a mouse (or pen) press can be handed over; a touch only loads the library */
  mouse: boolean;
}

/** What a pointer event on the grid would start: a drag, a resize, or nothing (null). */
export function pressTarget(target: EventTarget | null): { id: string; kind: Press['kind'] } | null {
  if (!(target instanceof Element)) return null;
  const item = target.closest(ITEM);
  const id = item?.getAttribute('data-grid-item');
  if (!item || !id) return null;
  if (target.closest(RESIZE_HANDLE)) return { id, kind: 'resize' };
  const handle = target.closest(DRAG_HANDLE);
  if (!handle || !item.contains(handle)) return null;
  const cancel = target.closest(DRAG_CANCEL);
  if (cancel && item.contains(cancel)) return null;
  return { id, kind: 'drag' };
}

const point = (e: PointerEvent | MouseEvent) => ({
  clientX: e.clientX,
  clientY: e.clientY,
  screenX: e.screenX,
  screenY: e.screenY,
});

/**
 * Follows a press from its pointerdown until it is handed over or stopped: its last position and
 * whether it was released. Null when the event starts nothing (another button, a link...).
 */
export function followPress(event: PointerEvent): { press: Press; stop: () => void } | null {
  if (event.button !== 0) return null;
  const target = pressTarget(event.target);
  if (!target) return null;
  const press: Press = {
    ...target,
    start: point(event),
    last: point(event),
    released: false,
    mouse: event.pointerType !== 'touch',
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId === event.pointerId) press.last = point(e);
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    press.last = point(e);
    press.released = true;
    stop();
  };
  const stop = () => {
    window.removeEventListener('pointermove', move, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', up, true);
  };
  window.addEventListener('pointermove', move, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
  return { press, stop };
}

/** Whether a released press moved far enough to be a drag (a click on a header moves nothing). */
const moved = (press: Press) =>
  Math.hypot(press.last.clientX - press.start.clientX, press.last.clientY - press.start.clientY) >= 3;

/** After the next paint: the grid has rendered what the previous event changed. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Hands a press over to the grid library, now drawn in `grid`: a mousedown on the widget's handle
 * at the press's first place (the library then follows the mouse itself), a move to its last
 * place, and the release when the button is already up; one step per frame, as the library
 * renders between them. Nothing for a touch or a click without a move.
 */
export async function replayPress(grid: HTMLElement, press: Press): Promise<void> {
  if (!press.mouse || (press.released && !moved(press))) return;
  const item = Array.from(grid.querySelectorAll(ITEM)).find(
    (element) => element.getAttribute('data-grid-item') === press.id,
  );
  const handle =
    press.kind === 'resize'
      ? item?.querySelector(`:scope > ${RESIZE_HANDLE}`)
      : item?.querySelector(DRAG_HANDLE);
  if (!handle) return;
  const send = (type: string, at: Press['start'], buttons: number) =>
    handle.dispatchEvent(
      new MouseEvent(type, { ...at, bubbles: true, cancelable: true, view: window, button: 0, buttons }),
    );
  send('mousedown', press.start, 1);
  await nextFrame();
  send('mousemove', press.last, 1);
  await nextFrame();
  if (!press.released) return;
  send('mouseup', press.last, 0);
}
