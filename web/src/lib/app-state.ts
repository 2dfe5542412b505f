/**
 * The global error state and loading flag of portal.md section 8. An HTTP error puts its status and
 * message here; the root layout redirects to the matching error page.
 */
import { createStore, useStore } from './store';

export interface ErrorState {
  isError: boolean;
  status: number | null;
  message: string | null;
}

export interface AppState {
  isLoading: boolean;
  error: ErrorState;
}

const NO_ERROR: ErrorState = { isError: false, status: null, message: null };
let pending = 0;

export const appState = createStore<AppState>({ isLoading: false, error: NO_ERROR });

export function requestStarted(): void {
  pending += 1;
  appState.set((s) => (s.isLoading ? s : { ...s, isLoading: true }));
}

export function requestEnded(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) appState.set((s) => (s.isLoading ? { ...s, isLoading: false } : s));
}

export function setError(status: number, message: string): void {
  pending = 0;
  appState.set({ isLoading: false, error: { isError: true, status, message } });
}

export function clearError(): void {
  appState.set((s) => (s.error.isError ? { ...s, error: NO_ERROR } : s));
}

export const useAppError = (): ErrorState => useStore(appState).error;
export const useIsLoading = (): boolean => useStore(appState).isLoading;
