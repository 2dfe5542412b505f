/**
 * Ends the current task where the browser can (`scheduler.yield`), resolving at once elsewhere:
 * what follows runs in a task of its own, after what the browser has waiting (a frame, input).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : Promise.resolve();
}
