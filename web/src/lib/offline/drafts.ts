/**
 * The report being typed, kept on the device as it is typed (docs/offline.md): closing the app, a
 * reload or a dead battery loses nothing; the agent resumes it or deletes it. One draft per user,
 * in local storage (what was typed, not the photos: they are chosen again), cleared once the report
 * is saved. The sign-out clears it with the rest of the local storage.
 */
import { createStore, useStore } from '../store';

export interface ReportDraft {
  categoryId: string;
  description: string;
  address: string;
  /** as typed: a coordinate not typed yet is NaN */
  location: { lat: number; lng: number } | null;
  /** milliseconds since the epoch */
  savedAt: number;
}

const keyOf = (userId: number) => `portal-report-draft:${userId}`;

/** The draft of each user, as the screens show it (undefined: not read yet). */
const drafts = createStore<Record<number, ReportDraft | null>>({});

/** A coordinate as kept: JSON writes a missing one (NaN) as null. */
const coordinate = (value: unknown): number => (typeof value === 'number' ? value : NaN);

function read(userId: number): ReportDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReportDraft>;
    if (typeof value.description !== 'string' || typeof value.savedAt !== 'number') return null;
    return {
      categoryId: typeof value.categoryId === 'string' ? value.categoryId : '',
      description: value.description,
      address: typeof value.address === 'string' ? value.address : '',
      location: value.location
        ? { lat: coordinate(value.location.lat), lng: coordinate(value.location.lng) }
        : null,
      savedAt: value.savedAt,
    };
  } catch {
    return null;
  }
}

/** The user's draft, or null. */
export function draftOf(userId: number): ReportDraft | null {
  return read(userId);
}

/** Keeps what is typed; an empty form keeps nothing. */
export function saveDraft(userId: number, draft: Omit<ReportDraft, 'savedAt'>): void {
  const empty =
    !draft.categoryId && !draft.description.trim() && !draft.address.trim() && draft.location === null;
  if (empty) {
    deleteDraft(userId);
    return;
  }
  const kept = { ...draft, savedAt: Date.now() };
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(kept));
  } catch {
    // storage full or refused: the form still holds it
  }
  drafts.set((all) => ({ ...all, [userId]: kept }));
}

export function deleteDraft(userId: number): void {
  try {
    window.localStorage.removeItem(keyOf(userId));
  } catch {
    // nothing kept
  }
  drafts.set((all) => ({ ...all, [userId]: null }));
}

/** The user's draft as the screens show it, following its changes. */
export function useDraft(userId: number | null): ReportDraft | null {
  const all = useStore(drafts);
  if (userId === null) return null;
  return userId in all ? (all[userId] ?? null) : read(userId);
}
