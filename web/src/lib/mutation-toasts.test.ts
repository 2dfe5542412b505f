import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MutationObserver } from '@tanstack/react-query';
import { setupI18n } from '@/test/render';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { clearToasts, useToasts } from './toast';

beforeAll(setupI18n);
afterEach(clearToasts);

async function run(options: ConstructorParameters<typeof MutationObserver>[1]) {
  const observer = new MutationObserver(createQueryClient({ retry: false }), options);
  await act(async () => {
    await observer.mutate(undefined as never).catch(() => undefined);
  });
}

describe('the toast after a save', () => {
  it('says a save succeeded, and a failure, in French', async () => {
    const toasts = renderHook(() => useToasts());
    // two operations (two mutation keys): each has its toast
    await run({ mutationKey: ['a'], mutationFn: () => Promise.resolve('ok') });
    await run({ mutationKey: ['b'], mutationFn: () => Promise.reject(new ApiError(500, 'boom')) });
    expect(toasts.result.current.map((t) => [t.variant, t.message])).toEqual([
      ['success', 'Les modifications ont bien été enregistrées.'],
      ['danger', "L'enregistrement a échoué."],
    ]);
  });

  it('a retry that succeeds replaces the failure of the same save, never shown beside it', async () => {
    const toasts = renderHook(() => useToasts());
    await run({ mutationFn: () => Promise.reject(new ApiError(500, 'boom')) });
    expect(toasts.result.current.map((t) => t.variant)).toEqual(['danger']);
    await run({ mutationFn: () => Promise.resolve('ok') });
    expect(toasts.result.current.map((t) => [t.variant, t.message])).toEqual([
      ['success', 'Les modifications ont bien été enregistrées.'],
    ]);
  });

  it("uses the mutation's own message, and stays silent when the mutation speaks for itself", async () => {
    const toasts = renderHook(() => useToasts());
    await run({ mutationFn: () => Promise.resolve(1), meta: { successMessage: 'calendar.event_saved' } });
    await run({ mutationFn: () => Promise.resolve(1), meta: { toast: false } });
    await run({ mutationFn: () => Promise.reject(new Error('x')), meta: { toast: false } });
    expect(toasts.result.current.map((t) => t.message)).toEqual(["L'événement a bien été enregistré."]);
  });
});
