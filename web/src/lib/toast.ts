/**
 * Short messages after a save or a delete (success or failure), shown in a corner and announced
 * to screen readers; each goes by itself after a while or with its close button.
 */
import { createStore, useStore } from './store';

type ToastVariant = 'success' | 'danger';
export interface Toast {
  id: number;
  variant: ToastVariant;
  /** the text, already translated */
  message: string;
  /** the operation it reports on: a later toast of the same key replaces it (a success, its failure) */
  key?: string;
  /** a failure's technical words (the server's), folded away under the message */
  detail?: string;
}

/** How long a toast stays (WCAG 2.2.1: long enough to read, and it can be closed at once). */
const TOAST_DURATION_MS = 6000;

let nextId = 1;
const toastStore = createStore<Toast[]>([]);
const timers = new Map<number, number>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) window.clearTimeout(timer);
  timers.delete(id);
  toastStore.set((list) => list.filter((toast) => toast.id !== id));
}

function showToast(variant: ToastVariant, message: string, key?: string, detail?: string): void {
  const id = nextId++;
  if (key !== undefined)
    for (const old of toastStore.get().filter((toast) => toast.key === key)) dismissToast(old.id);
  toastStore.set((list) => [...list.slice(-2), { id, variant, message, key, ...(detail ? { detail } : {}) }]);
  timers.set(
    id,
    window.setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
}

/**
 * `key` names the operation the toast reports on (a save of one screen, a delete): the outcome of a
 * retry replaces that of the try before, so a success never shows beside the failure it resolves.
 */
export const toast = {
  success: (message: string, key?: string) => showToast('success', message, key),
  /** `detail`: the failure's technical words, shown folded under 'Détails techniques' */
  error: (message: string, key?: string, detail?: string | null) =>
    showToast('danger', message, key, detail ?? undefined),
};

export const useToasts = (): Toast[] => useStore(toastStore);

/** For tests. */
export function clearToasts(): void {
  for (const id of timers.keys()) dismissToast(id);
  toastStore.set([]);
}
