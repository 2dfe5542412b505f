/** Flash alerts shown at the top of the main area (e.g. the danger alert 'alert.not_granted'). */
import { createStore, useStore } from './store';
import type { TranslationKey } from './i18n';

export type AlertVariant = 'danger' | 'warning' | 'success' | 'info';
export interface FlashAlert {
  id: number;
  variant: AlertVariant;
  /** a translation key */
  messageKey: TranslationKey;
  /** the page it shows on; it goes away when the user leaves that page */
  path?: string;
  /** the values of the message's placeholders ({{name}}, ...) */
  values?: Record<string, string>;
}

let nextId = 1;
export const alertStore = createStore<FlashAlert[]>([]);

export function pushAlert(
  variant: AlertVariant,
  messageKey: TranslationKey,
  path?: string,
  values?: Record<string, string>,
): void {
  alertStore.set((list) => [
    ...list.filter((a) => a.messageKey !== messageKey),
    { id: nextId++, variant, messageKey, ...(path ? { path } : {}), ...(values ? { values } : {}) },
  ]);
}

export function dismissAlert(id: number): void {
  alertStore.set((list) => list.filter((a) => a.id !== id));
}

/** Drops the alerts shown on a page the user has left. */
export function dropAlertsOf(pathname: string): void {
  alertStore.set((list) => {
    const kept = list.filter((a) => (a.path ?? pathname) !== pathname);
    return kept.length === list.length ? list : kept;
  });
}

export const useFlashAlerts = (): FlashAlert[] => useStore(alertStore);
